import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EngagementState } from '@studio/domain';
import {
  chatMessageOf,
  engagementState,
  pollOf,
  questionOf,
  stubEngagementFetch,
} from '../../../testing/engagement-fixture.ts';
import { eventAppEvent, fakeEventAppApi, noTracks } from '../../../testing/event-app-fixture.ts';
import { EventAppShell } from '../event-app.tsx';

/** The event app of a person in this role, the keynote (s-1) live, and the engagement calls it makes. */
function openAs(role: EngagementState['role'], answers: Record<string, unknown> = {}) {
  const fetch = stubEngagementFetch(
    {
      engagement: engagementState({}, { role }),
      'chat/event': [chatMessageOf('m-1', 'Hello all')],
      'chat/session': [],
      qna: [],
      polls: [],
      presence: { present: 0, per_session: {}, people: [] },
      ...answers,
    },
    (name, body) =>
      name === 'polls/poll-1'
        ? pollOf(body as object)
        : name.startsWith('qna/')
          ? questionOf('q-1', 'Q', body as object)
          : {},
  );
  const event = eventAppEvent();
  const fake = fakeEventAppApi(event, {
    stage: () =>
      Promise.resolve(
        noTracks({
          kind: 'live',
          session: 's-1',
          video: null,
          hls_url: 'http://studio.test/m.m3u8',
          offset_seconds: 0,
          until: null,
        }),
      ),
  });
  render(<EventAppShell api={fake.api} event={event} personId="u-1" />);
  const calls = (name: string) =>
    fetch.mock.calls
      .filter(([url, init]) => url.endsWith(`/api/${name}`) && init?.method && init.method !== 'GET')
      .map(([, init]) => [
        init?.method,
        init?.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      ]);
  return { calls };
}

const sidebarTab = async (name: string) =>
  fireEvent.click(
    within(await screen.findByRole('tablist', { name: 'Chat, Q&A and polls' })).getByRole('tab', { name }),
  );

describe('moderation in the event app (issue 34 §5)', () => {
  it('gives the event team pin, delete and announcements in the chat', async () => {
    const { calls } = openAs('staff');
    fireEvent.click(await screen.findByRole('tab', { name: 'Public' }));
    const message = (await screen.findByText('Hello all')).closest('li')!;
    fireEvent.click(within(message).getByRole('button', { name: 'Pin message' }));
    fireEvent.click(within(message).getByRole('button', { name: 'Delete message' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Announcement' }), {
      target: { value: 'Doors open' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post announcement' }));
    await waitFor(() => expect(calls('announcements')).toEqual([['POST', { text: 'Doors open' }]]));
    expect(calls('chat/messages/m-1')).toEqual([
      ['PATCH', { pinned: true }],
      ['DELETE', undefined],
    ]);
    await waitFor(() => expect(screen.queryByText('Hello all')).toBeNull());
  });

  it('shows an attendee no moderation', async () => {
    openAs('attendee', { qna: [questionOf('q-1', 'When?')], polls: [pollOf()] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Public' }));
    expect(await screen.findByText('Hello all')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete message' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Announcement' })).toBeNull();
    await sidebarTab('Q&A');
    expect(await screen.findByText('When?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark answered' })).toBeNull();
    await sidebarTab('Polls');
    expect(await screen.findByText('Which language?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('lets the event team approve a question and launch a draft poll', async () => {
    const { calls } = openAs('staff', {
      qna: [questionOf('q-1', 'Recorded?', { state: 'pending' })],
      polls: [pollOf({ state: 'draft' })],
    });
    await sidebarTab('Q&A');
    const question = (await screen.findByText('Recorded?')).closest('li')!;
    fireEvent.click(within(question).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls('qna/q-1')).toEqual([['PATCH', { state: 'open' }]]));
    await sidebarTab('Polls');
    fireEvent.click(await screen.findByRole('button', { name: 'Launch' }));
    await waitFor(() => expect(calls('polls/poll-1')).toEqual([['PATCH', { state: 'live' }]]));
  });

  it('lets a speaker answer the question assigned to them, and no other', async () => {
    const { calls } = openAs('speaker', {
      qna: [questionOf('q-1', 'For you', { assigned_to_you: true }), questionOf('q-2', 'For anyone')],
    });
    await sidebarTab('Q&A');
    const theirs = (await screen.findByText('For you')).closest('li')!;
    const other = screen.getByText('For anyone').closest('li')!;
    expect(within(other).queryByRole('button', { name: 'Mark answered' })).toBeNull();
    expect(within(theirs).queryByRole('button', { name: 'Hide' })).toBeNull();
    fireEvent.change(within(theirs).getByRole('textbox', { name: 'Answer' }), { target: { value: 'Yes.' } });
    fireEvent.click(within(theirs).getByRole('button', { name: 'Answer' }));
    await waitFor(() => expect(calls('qna/q-1/answers')).toEqual([['POST', { text: 'Yes.' }]]));
  });
});
