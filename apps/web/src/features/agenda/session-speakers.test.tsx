import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agendaRoutes, broadcast } from '../../testing/agenda-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, openStudio } from '../../testing/open-studio.tsx';
import { eventPersonFixture, speakerFixture } from '../../testing/speaker-fixture.ts';

const eventSpeaker = (id: string, first: string, broadcasts: string[]) =>
  speakerFixture(id, first, 0, {
    broadcasts,
    permission_roles: broadcasts.length > 0 ? [{ role: 'r-share', broadcasts }] : [],
  });
const keynote = broadcast({
  id: 'b-1',
  title: 'Keynote',
  speakers: [
    { id: 's-1', user: eventPersonFixture('u-s-1', 'Ada'), role: 'r-share', rank: 0, hidden: false },
  ],
});
const agenda = agendaRoutes(() => keynote);

describe("the session drawer's speakers", () => {
  it("shows the session's speakers and adds or removes the event's speakers on their sessions", async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route?.startsWith('/api/event/event-roles/') && init.method === 'PATCH')
          return json(200, eventSpeaker('s-1', 'Ada', []));
        if (route === '/api/event/event-roles/')
          return page([eventSpeaker('s-1', 'Ada', ['b-1']), eventSpeaker('s-2', 'Grace', ['b-7'])]);
        return agenda(path, init);
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    const speakers = within(drawer).getByRole('group', { name: 'Speakers' });
    expect(within(speakers).getByText('Ada Speaker')).toBeTruthy();

    await userEvent.click(
      await within(speakers).findByRole('button', { name: 'Remove Ada Speaker from the session' }),
    );
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/s-1/')).toEqual([
        { broadcasts: [], permission_roles: [] },
      ]),
    );

    await userEvent.click(within(speakers).getByRole('combobox', { name: 'Add a speaker to the session' }));
    await userEvent.click(await screen.findByRole('option', { name: /Grace Speaker/, hidden: true }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/s-2/')).toEqual([
        { broadcasts: ['b-7', 'b-1'] },
      ]),
    );
  });
});
