import {
  agendaMessages,
  DISCARD_CHANGES_QUESTION,
  messages,
  type Track,
  PROGRAMME_PAGE_LIMIT,
} from '@studio/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agendaRoutes, broadcast, mainStage, sessionBlock, summit } from '../../testing/agenda-fixture.ts';
import { acme, ada, json, page, twoTeamsPage, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { SESSION_CREATED } from './agenda-api.ts';

const tracks: Track[] = [
  mainStage,
  { id: 't-2', event: 'e-1', title: 'Workshops', sort_priority: 1, agenda_items: '' },
];
const film = broadcast({
  id: 'b-1',
  title: 'Opening film',
  end_time: '2031-03-01T10:10:00.000Z',
  broadcast_type: 'SIMULIVE',
  video_assets: [
    { id: 'v-1', title: 'Trailer', duration: 540, transcode_status: 'COMPLETE', thumbnail: null },
  ],
});
const agenda = agendaRoutes(() => film, tracks);

const routes =
  (fail?: string): ExtraRoutes =>
  (path, init) => {
    const [route] = path.split('?');
    if (route === '/api/event/tracks/bulk/' && init.method === 'PUT') return json(200, tracks);
    if (route === fail) return json(500, { message: 'down', code: 'SERVER_ERROR' });
    return agenda(path, init);
  };

describe('the agenda builder', () => {
  it('opens a session by ?broadcastId= with its videos against its length (2-minute margin flagged)', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: routes(),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    // The whole programme, not the lists' first page of 100.
    for (const path of ['/api/event/broadcasts/', '/api/event/tracks/', '/api/event/agenda-item/'])
      expect(new URL(callsTo(fetchMock, path)[0]!.url, 'http://x').searchParams.get('limit')).toBe(
        String(PROGRAMME_PAGE_LIMIT),
      );
    expect(within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(
      'Opening film',
    );
    expect(within(drawer).getByText(/1\. Trailer/)).toBeTruthy();
    // A status among the drawer's (a list still loading is one too).
    const statuses = within(drawer).getAllByRole('status');
    expect(statuses.map((status) => status.textContent).join(' ')).toContain(
      agendaMessages.sessionLongerThanVideo,
    );
  });

  it("gives the session's day a line of its own on a phone, so its date is not cut short", async () => {
    onPhone();
    try {
      openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Add session' }));
      const drawer = await screen.findByRole('dialog', { name: 'Add session' });
      const day = within(drawer).getByLabelText('Day');
      const starts = within(drawer).getByLabelText('Starts');
      // The start and end share a row; the day is not in it.
      expect(starts.closest('.mantine-Group-root')?.contains(within(drawer).getByLabelText('Ends'))).toBe(
        true,
      );
      expect(starts.closest('.mantine-Group-root')?.contains(day)).toBe(false);
    } finally {
      onWideScreen();
    }
  });

  it('asks before a changed drawer closes, and closes without asking when nothing changed', async () => {
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    let drawer = await screen.findByRole('dialog', { name: 'Add session' });
    await user.click(within(drawer).getByRole('button', { name: 'Close the session drawer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add session' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add session' }));
    drawer = await screen.findByRole('dialog', { name: 'Add session' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Keynote');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(DISCARD_CHANGES_QUESTION)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add session' })).toBeTruthy();
  });

  it("keeps the session drawer's Cancel and Save in sight while its speakers, surveys and documents scroll", async () => {
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add session' });
    const save = within(drawer).getByRole('button', { name: 'Add session' });
    const footer = save.closest<HTMLElement>('[data-sticky-actions]');
    expect(footer?.style.position).toBe('sticky');
    expect(footer?.contains(within(drawer).getByRole('button', { name: 'Cancel' }))).toBe(true);
  });

  describe("refuses an empty title with the studio's message, sending nothing (noValidate)", () => {
    const refusesEmptyTitle = async (open: (user: UserEvent) => Promise<HTMLElement>, save: string) => {
      const { fetchMock } = openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
      const user = userEvent.setup({ delay: null });
      const dialog = await open(user);
      const title = within(dialog).getByRole('textbox', { name: 'Title' });
      await user.clear(title);
      await user.click(within(dialog).getByRole('button', { name: save }));
      expect(await within(dialog).findByText(messages.fieldRequired)).toBeTruthy();
      expect(title.closest('form')?.noValidate).toBe(true);
      const writes = fetchMock.mock.calls.filter(
        ([url, init]) => url.startsWith('/api/event/') && init.method,
      );
      expect(writes.filter(([, init]) => init.method !== 'GET')).toEqual([]);
    };

    it('in the session drawer', () =>
      refusesEmptyTitle(async (user) => {
        await user.click(await screen.findByRole('button', { name: 'Add session' }));
        return screen.findByRole('dialog', { name: 'Add session' });
      }, 'Add session'));

    it('in the break drawer', () =>
      refusesEmptyTitle(async (user) => {
        await user.click(await screen.findByRole('button', { name: `Add to ${mainStage.title}` }));
        await user.click(await screen.findByRole('menuitem', { name: 'Break' }));
        return screen.findByRole('dialog', { name: 'Add break' });
      }, 'Save'));

    it("in the track's rename dialog", () =>
      refusesEmptyTitle(async (user) => {
        await user.click(await screen.findByRole('button', { name: `Rename track ${mainStage.title}` }));
        return screen.findByRole('dialog', { name: 'Track' });
      }, 'Save'));
  });

  it('reorders tracks by dragging with the keyboard: every track in one bulk call', async () => {
    // jsdom lays nothing out: each track column gets a place of its own, side by side.
    const place = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const column = this.closest('[aria-label^="Track "]');
      const left = column?.getAttribute('aria-label') === 'Track Workshops' ? 300 : 0;
      return DOMRect.fromRect({
        x: column ? left : 0,
        y: 0,
        width: column ? 250 : 0,
        height: column ? 400 : 0,
      });
    });
    const { fetchMock } = openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const handle = await screen.findByRole('button', { name: 'Move track Workshops' });
    handle.focus();
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    for (const code of ['Space', 'ArrowLeft', 'Space']) {
      fireEvent.keyDown(handle, { key: code === 'Space' ? ' ' : code, code });
      await settle();
    }
    await waitFor(() => expect(callsTo(fetchMock, '/api/event/tracks/bulk/')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/event/tracks/bulk/')[0]).toMatchObject({
      method: 'PUT',
      body: {
        event: 'e-1',
        tracks: [
          { id: 't-2', title: 'Workshops', sort_priority: 0 },
          { id: 't-1', title: 'Main stage', sort_priority: 1 },
        ],
      },
    });
    place.mockRestore();
  });

  it('keeps a next track title typed while the last one is still being saved', async () => {
    const saved: Track[] = [mainStage];
    let releaseRead = () => {};
    const slowReads: ExtraRoutes = (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/tracks/' && init.method === 'POST') {
        const track = { ...mainStage, id: `t-${saved.length + 1}`, title: 'Workshops', sort_priority: 1 };
        saved.push(track);
        return json(201, track);
      }
      // The reads that follow the save answer only when the test says so.
      if (route === '/api/event/broadcasts/' && saved.length > 1)
        return new Promise<Response>((resolve) => {
          releaseRead = () => resolve(page([film]));
        });
      return agendaRoutes(() => film, saved)(path, init);
    };
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: slowReads });
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'New track' });
    await user.type(title, 'Workshops');
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    await user.clear(title);
    await user.type(title, 'Breakouts');
    act(() => releaseRead());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add track' }).hasAttribute('data-loading')).toBe(false),
    );
    expect(title.value).toBe('Breakouts');
  });

  it('lists a webinar’s sessions under Sessions, with no tracks to add or warn about', async () => {
    const webinar: ExtraRoutes = (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/e-1/') return json(200, { ...summit, event_type: 'Webinar' });
      if (route === '/api/event/tracks/') return page([]);
      if (route === '/api/event/broadcasts/')
        return page([broadcast({ id: 'b-2', title: 'Ask the CEO anything', tracks: [] })]);
      if (route === '/api/event/agenda-item/') return page([]);
      return agenda(path, init);
    };
    openStudio('/webinar/e-1/programs/agenda', { user: ada, routes: webinar });
    expect(await screen.findByRole('heading', { name: 'Sessions', level: 2 })).toBeTruthy();
    const session = screen.getByRole('listitem', { name: 'Session Ask the CEO anything' });
    expect(within(session).getByText('Mar 1, 2031, 10:00–11:00 · Live')).toBeTruthy();
    expect(within(session).getByRole('button', { name: 'Open session Ask the CEO anything' })).toBeTruthy();
    expect(screen.queryByText('No tracks yet')).toBeNull();
    expect(screen.queryByText('Sessions in no track')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New track' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add session' });
    expect(within(drawer).queryByText('Tracks')).toBeNull();
  });

  it('words the empty agenda for tracks only when sessions exist in no track', async () => {
    const untracked: ExtraRoutes = (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/tracks/') return page([]);
      if (route === '/api/event/broadcasts/')
        return page([broadcast({ id: 'b-2', title: 'Opening keynote', tracks: [] })]);
      if (route === '/api/event/agenda-item/') return page([]);
      return agenda(path, init);
    };
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: untracked });
    expect(await screen.findByText('Sessions in no track')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opening keynote' })).toBeTruthy();
    expect(screen.getByText('No tracks yet')).toBeTruthy();
    expect(screen.queryByText('Add a track, then sessions and breaks to it.')).toBeNull();
    expect(
      screen.getByText('Add a track, then open each session below to put it in the track.'),
    ).toBeTruthy();
  });

  it('adds a session under a later day’s track on that day, not on the event’s first day', async () => {
    const friday = broadcast({
      id: 'b-2',
      title: 'Hands-on lab',
      start_time: '2031-03-03T14:00:00.000Z',
      end_time: '2031-03-03T15:00:00.000Z',
      tracks: ['t-2'],
    });
    const twoDays: ExtraRoutes = (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/broadcasts/') return page([film, friday]);
      if (route === '/api/event/agenda-item/')
        return page([sessionBlock(film), { ...sessionBlock(friday), id: 'i-2', track: 't-2' }]);
      return routes()(path, init);
    };
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: twoDays });
    const user = userEvent.setup({ delay: null });
    const later = (await screen.findByRole('heading', { name: 'Monday, March 3' })).parentElement!;
    await user.click(within(later).getByRole('button', { name: 'Add to Workshops' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Session' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add session' });
    expect(within(drawer).getByLabelText<HTMLInputElement>('Day').value).toBe('2031-03-03');
  });

  it('offers a pre-recorded session only the videos of the event’s team, with no team filter (000 §6)', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      organization: { ...acme, is_workspace_enabled: true },
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === '/api/event/e-1/')
          return json(200, { ...summit, workspace: { id: 'ws-1', name: 'Marketing' } });
        if (route === '/api/core/workspaces/') return twoTeamsPage();
        if (route === '/api/core/video_assets/') return page([]);
        return routes()(path, init);
      },
    });
    const user = userEvent.setup({ delay: null });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    await user.click(within(drawer).getByRole('button', { name: 'Add videos' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Videos' });
    expect(
      await within(picker).findByText('Showing videos of the team Marketing, like this event.'),
    ).toBeTruthy();
    expect(within(picker).queryByLabelText('Team workspace')).toBeNull();
    expect(within(picker).queryByText('All teams')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, '/api/core/video_assets/').length).toBeGreaterThan(0));
    for (const call of callsTo(fetchMock, '/api/core/video_assets/'))
      expect(new URL(call.url, 'http://x').searchParams.get('workspace')).toBe('ws-1');
  });

  it('opens a session from its card, by click or keyboard', async () => {
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open session Opening film' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    expect(within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(
      'Opening film',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close the session drawer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit session' })).toBeNull());
    screen.getByRole('button', { name: 'Open session Opening film' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit session' })).toBeTruthy();
  });

  it("keeps a session card's and a track's controls at a touch size, the session's menu named", async () => {
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    const actions = await screen.findByRole('button', { name: 'Actions of Opening film' });
    // Mantine's `md` icon button (28 px) and `compact-sm` button (26 px): 24 px or more (WCAG 2.2).
    expect(actions.dataset.size).toBe('md');
    expect(screen.getByRole('button', { name: 'Move Opening film to another track' }).dataset.size).toBe(
      'md',
    );
    expect(screen.getByRole('button', { name: 'Rename track Main stage' }).dataset.size).toBe('compact-sm');
    await user.click(actions);
    expect(await screen.findByRole('menu', { name: 'Actions of Opening film' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add session' });
    const remove = within(drawer).getByRole('button', { name: 'Remove Main stage' });
    expect(remove.closest<HTMLElement>('.mantine-Pill-root')?.dataset.size).toBe('md');
  });

  it('says a new session was created', async () => {
    const created: ExtraRoutes = (path, init) => {
      const [route] = path.split('?');
      if (route === '/api/event/broadcasts/' && init.method === 'POST')
        return json(201, { ...film, id: 'b-9', title: 'Closing words' });
      return routes()(path, init);
    };
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: created });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add session' });
    await user.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Closing words');
    await user.click(within(drawer).getByRole('button', { name: 'Add session' }));
    expect(await screen.findByText(SESSION_CREATED, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('says so when the tracks cannot be read', async () => {
    openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes('/api/event/tracks/') });
    expect(await screen.findByText(agendaMessages.errorFetchingTracks)).toBeTruthy();
  });
});
