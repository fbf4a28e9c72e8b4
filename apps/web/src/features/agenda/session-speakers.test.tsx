import type { AgendaItem, Broadcast, Track } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { eventPersonFixture, speakerFixture } from '../../testing/speaker-fixture.ts';

beforeAll(() => {
  if (!('scrollIntoView' in Element.prototype))
    Object.assign(Element.prototype, { scrollIntoView: () => undefined });
});

const eventSpeaker = (id: string, first: string, broadcasts: string[]) =>
  speakerFixture(id, first, 0, {
    broadcasts,
    permission_roles: broadcasts.length > 0 ? [{ role: 'r-share', broadcasts }] : [],
  });
const track: Track = { id: 't-1', event: 'e-1', title: 'Main stage', sort_priority: 0, agenda_items: 'i-1' };
const keynote: Broadcast = {
  id: 'b-1',
  event: 'e-1',
  title: 'Keynote',
  description: '',
  start_time: '2031-03-01T10:00:00.000Z',
  end_time: '2031-03-01T11:00:00.000Z',
  broadcast_type: 'LIVE',
  is_live: false,
  simulive_test_run_end_time: null,
  test_simulive_processing_state: null,
  rtmp_input: null,
  video_assets: [],
  speakers: [
    { id: 's-1', user: eventPersonFixture('u-s-1', 'Ada'), role: 'r-share', rank: 0, hidden: false },
  ],
  tracks: ['t-1'],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
};
const block: AgendaItem = {
  id: 'i-1',
  event: 'e-1',
  track: 't-1',
  kind: 'session',
  broadcast: 'b-1',
  title: 'Keynote',
  start_time: keynote.start_time,
  end_time: keynote.end_time,
  overlaps: [],
};
const page = (results: unknown[]) =>
  json(200, { count: results.length, next: null, previous: null, results });

describe("the session drawer's speakers", () => {
  it("shows the session's speakers and adds or removes the event's speakers on their sessions", async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === '/api/event/e-1/')
          return json(200, eventFixture({ id: 'e-1', title: 'Summit', timezone: 'UTC' }));
        if (route === '/api/event/tracks/') return page([track]);
        if (route === '/api/event/broadcasts/') return page([keynote]);
        if (route === '/api/event/agenda-item/') return page([block]);
        if (route?.startsWith('/api/event/event-roles/') && init.method === 'PATCH')
          return json(200, eventSpeaker('s-1', 'Ada', []));
        if (route === '/api/event/event-roles/')
          return page([eventSpeaker('s-1', 'Ada', ['b-1']), eventSpeaker('s-2', 'Grace', ['b-7'])]);
        return undefined;
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    const speakers = within(drawer).getByRole('group', { name: 'Speakers' });
    expect(within(speakers).getByText('Ada Speaker')).toBeTruthy();

    await userEvent.click(
      await within(speakers).findByRole('button', { name: 'Remove Ada Speaker from the session' }),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/event-roles/s-1/').map((call) => call.body)).toEqual([
        { broadcasts: [], permission_roles: [] },
      ]),
    );

    await userEvent.click(within(speakers).getByRole('combobox', { name: 'Add a speaker to the session' }));
    await userEvent.click(await screen.findByRole('option', { name: /Grace Speaker/, hidden: true }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/event-roles/s-2/').map((call) => call.body)).toEqual([
        { broadcasts: ['b-7', 'b-1'] },
      ]),
    );
  });
});
