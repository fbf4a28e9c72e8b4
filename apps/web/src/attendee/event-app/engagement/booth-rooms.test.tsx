import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventAppMessages } from '@studio/domain';
import {
  chatMessageOf,
  engagementState,
  stubEngagementFetch,
  type EngagementAnswers,
} from '../../../testing/engagement-fixture.ts';
import { boothFixture } from '../../../testing/booth-fixture.ts';
import { eventAppEvent } from '../../../testing/event-app-fixture.ts';
import { keynoteLive, openEventApp } from '../../../testing/event-app-shell.tsx';

const withBooths = eventAppEvent({
  tabs: [
    { tab: 'stage', title: 'Stage' },
    { tab: 'booths', title: 'Booths' },
  ],
});
const booths = () =>
  Promise.resolve([
    boothFixture('b-1', 'Acme', {
      discussion_group_objects: [{ id: 'dr-1', name: 'Meet the team', rank: 0 }],
    }),
    boothFixture('b-2', 'Bare'),
  ]);
const answers = (changes: EngagementAnswers = {}): EngagementAnswers => ({
  engagement: engagementState(),
  'chat/event': [],
  'chat/session': [],
  'chat/booth': [],
  qna: [],
  polls: [],
  presence: { present: 0, per_session: {}, people: [] },
  ...changes,
});

/** The booth's "Discussion rooms" list, once the Booths tab shows it. */
async function boothRooms(name = 'Acme') {
  fireEvent.click(await screen.findByRole('tab', { name: 'Booths' }));
  return screen.findByRole('region', { name: `${eventAppMessages.boothRooms}: ${name}` });
}

describe('a booth’s discussion rooms in the event app', () => {
  it('are listed on their booth and entered as a room: its chat opens, and the visit is a room’s', async () => {
    const beacons: unknown[] = [];
    const fetch = stubEngagementFetch(
      answers({ 'chat/room': [chatMessageOf('m-1', 'Welcome to Acme!', { channel: 'room' })] }),
      (name, body) => {
        if (name === 'analytics') beacons.push(body);
        return {};
      },
    );
    openEventApp(keynoteLive, withBooths, { booths });
    const rooms = await boothRooms();
    const room = within(rooms).getByText('Meet the team').closest('li')!;
    // A booth without rooms shows no list.
    expect(screen.queryByRole('region', { name: `${eventAppMessages.boothRooms}: Bare` })).toBeNull();

    fireEvent.click(await within(room).findByRole('button', { name: 'Chat' }));
    expect(await within(room).findByText('Welcome to Acme!')).toBeTruthy();
    const roomReads = fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('/api/chat/room'));
    expect(roomReads.some((url) => new URL(url, 'http://x').searchParams.get('channel_id') === 'dr-1')).toBe(
      true,
    );

    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() =>
      expect(beacons.flatMap((beacon) => (beacon as { actions: unknown[] }).actions)).toContainEqual({
        action: 'room_visit',
        target: 'dr-1',
      }),
    );
  });

  it.each([
    ['Booth Chat', { boothChat: false }, 0],
    ['Room Chat', { roomChat: false }, 2],
  ])('offer no chat when %s is off', async (_toggle, features, boothChats) => {
    stubEngagementFetch(answers({ engagement: engagementState(features) }));
    openEventApp(keynoteLive, withBooths, { booths });
    // The features are read with the stage's sidebar.
    await screen.findByRole('tablist', { name: 'Chat, Q&A and polls' });
    const rooms = await boothRooms();
    expect(within(rooms).getByText('Meet the team')).toBeTruthy();
    expect(within(rooms).queryByRole('button', { name: 'Chat' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Chat' })).toHaveLength(boothChats);
  });
});
