import { peopleMessages } from '@studio/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ada, FakeSocket, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio, queriesReadOnATimer } from '../../testing/open-studio.tsx';
import { speakerFixture as speaker } from '../../testing/speaker-fixture.ts';
import { eventRoutes } from './people-fixtures.ts';

beforeAll(async () => {
  // The pages' chunk, compiled once before the first test waits for it.
  await import('../../app/people-route.tsx');
}, 60_000);

const speakersPath = '/api/event/event-roles/';
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.querySelector('p')?.textContent);

describe('speakers page', () => {
  it('lists speakers by rank with their permission, and puts the order back when the server refuses it', async () => {
    const list = [speaker('s-1', 'Ada', 0, { event_app_role: 'r-full' }), speaker('s-2', 'Grace', 1)];
    const { fetchMock } = openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path) => {
        if (path === '/api/event/event-roles/reorder/')
          return json(400, { message: peopleMessages.unknownEventRoles, code: 'VALIDATION_ERROR' });
        if (path.startsWith(speakersPath)) return page(list);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    expect(names(table)).toEqual(['Ada Speaker', 'Grace Speaker']);
    const rows = within(table).getAllByRole('row');
    // Ada holds Full Access; Grace has no role and no default: the last listed option.
    expect(within(rows[1]!).getByText('Full Access')).toBeTruthy();
    expect(within(rows[2]!).getByText('Stage Access')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: 'Move Ada Speaker down' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/reorder/')).toEqual([
        {
          updated_ranks: [
            { event_role: 's-2', rank: 0 },
            { event_role: 's-1', rank: 1 },
          ],
        },
      ]),
    );
    expect(await screen.findByText(peopleMessages.reorderFailed)).toBeTruthy();
    await waitFor(() => expect(names(table)).toEqual(['Ada Speaker', 'Grace Speaker']));
  });

  it("keeps a row's move buttons and select box at a touch size (24 px or more), apart", async () => {
    const list = [speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1)];
    openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path) => (path.startsWith(speakersPath) ? page(list) : undefined)),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    // Mantine's `md` icon button is 28 px, its `md` checkbox 24 px (`sm`: 22 and 20).
    const up = within(table).getByRole('button', { name: 'Move Grace Speaker up' });
    expect(up.dataset.size).toBe('md');
    expect(within(table).getByRole('button', { name: 'Move Grace Speaker down' }).dataset.size).toBe('md');
    expect(up.closest<HTMLElement>('.mantine-Group-root')?.style.getPropertyValue('--group-gap')).toBe(
      'calc(0.375rem * var(--mantine-scale))',
    );
    const box = within(table).getByRole('checkbox', { name: 'Select Grace Speaker' });
    expect(box.closest<HTMLElement>('.mantine-Checkbox-root')?.dataset.size).toBe('md');
  });

  it('moves a speaker by dragging its handle with the keyboard, and keeps the new order once saved', async () => {
    // jsdom lays nothing out: each row gets a place of its own, one under the other.
    const place = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const row = this.closest('tbody tr');
      const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : -1;
      return DOMRect.fromRect({ x: 0, y: row ? index * 60 : 0, width: row ? 800 : 0, height: row ? 50 : 0 });
    });
    let list = [speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1)];
    const { fetchMock } = openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/reorder/') {
          const { updated_ranks } = JSON.parse(init.body as string) as {
            updated_ranks: { event_role: string; rank: number }[];
          };
          list = updated_ranks.map(({ event_role, rank }) => ({
            ...list.find((row) => row.id === event_role)!,
            rank,
          }));
          return new Response(null, { status: 204 });
        }
        if (path.startsWith(speakersPath)) return page(list);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    const handle = within(table).getByRole('button', { name: 'Move Grace Speaker' });
    handle.focus();
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    for (const code of ['Space', 'ArrowUp', 'Space']) {
      fireEvent.keyDown(handle, { key: code === 'Space' ? ' ' : code, code });
      await settle();
    }
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/reorder/')).toEqual([
        {
          updated_ranks: [
            { event_role: 's-2', rank: 0 },
            { event_role: 's-1', rank: 1 },
          ],
        },
      ]),
    );
    await waitFor(() => expect(names(table)).toEqual(['Grace Speaker', 'Ada Speaker']));
    place.mockRestore();
  });

  it('selects all speakers less the ones toggled off, and sends that selection with a bulk action', async () => {
    const list = [speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1), speaker('s-3', 'Linus', 2)];
    const { fetchMock } = openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/bulk/' && init.method === 'POST')
          return json(200, { count: 29, job: null });
        if (path.startsWith(speakersPath)) return page(list, 30);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all speakers' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Grace Speaker' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected speakers' });
    expect(within(toolbar).getByText('29 selected')).toBeTruthy();

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('29 speakers will be removed from the event.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/bulk/')).toEqual([
        { event: 'e-1', role: 4, action: 'remove', selection: { all: true, excluded: ['s-2'] } },
      ]),
    );
    expect(await screen.findByText(peopleMessages.speakersRemoved)).toBeTruthy();
  });

  it('resends the invitations of the chosen speakers and shows the job’s progress', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/bulk/' && init.method === 'POST')
          return json(200, { count: 1, job: 'j-1' });
        if (path === '/api/event/people-jobs/j-1/')
          return json(200, { id: 'j-1', event: 'e-1', kind: 'invite', state: 'done', total: 1, done: 1 });
        if (path.startsWith(speakersPath))
          return page([speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1)]);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Grace Speaker' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected speakers' });
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('1 invitation sent.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/event-roles/bulk/')[0]?.body).toEqual({
      event: 'e-1',
      role: 4,
      action: 'resend_invite',
      selection: { all: false, ids: ['s-2'] },
    });
  });

  it("follows the invitations job's pushed progress to its end, reading nothing on a timer", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const job = { id: 'j-1', event: 'e-1', kind: 'invite', state: 'queued', total: 2, done: 0 };
    const { queryClient } = openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/bulk/' && init.method === 'POST')
          return json(200, { count: 2, job: 'j-1' });
        if (path === '/api/event/people-jobs/j-1/') return json(200, job);
        if (path.startsWith(speakersPath))
          return page([speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1)]);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Ada Speaker' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Grace Speaker' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected speakers' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Sending invitations: 0 of 2.')).toBeTruthy();
    expect(queriesReadOnATimer(queryClient)).toEqual([]);
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const push = (changes: object) =>
      act(() => {
        for (const socket of FakeSocket.instances)
          socket.push({ type: 'people-job-updated', data: { ...job, ...changes, eventId: 'e-1' } });
      });

    push({ state: 'running', done: 1 });
    expect(await screen.findByText('Sending invitations: 1 of 2.')).toBeTruthy();
    push({ state: 'done', done: 2 });
    expect(await screen.findByText('2 invitations sent.')).toBeTruthy();
  });

  it('copies a magic link, says a link being made is on its way, and says when the copy failed', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path) => {
        if (path.startsWith('/api/event/magic_link/'))
          return path.includes('user_id=u-s-1')
            ? json(200, { url: 'https://events.example.com/e/e-1/enter?token=abc' })
            : json(400, { message: peopleMessages.userNotRegistered, code: 'VALIDATION_ERROR' });
        if (path.startsWith(speakersPath))
          return page([speaker('s-1', 'Ada', 0), speaker('s-2', 'Grace', 1)]);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Speakers' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Copy the magic link of Grace Speaker' }),
    );
    expect(await screen.findByText(peopleMessages.generatingMagicLink)).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: 'Copy the magic link of Ada Speaker' }));
    expect(await screen.findByText(peopleMessages.magicLinkCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://events.example.com/e/e-1/enter?token=abc');

    writeText.mockImplementation(() => Promise.reject(new Error('denied')));
    await userEvent.click(within(table).getByRole('button', { name: 'Copy the magic link of Ada Speaker' }));
    expect(await screen.findByText(peopleMessages.copyMagicLinkFailed)).toBeTruthy();
  });

  const openDrawer = async (routes: Parameters<typeof eventRoutes>[0]) => {
    const studio = openStudio('/events/e-1/programs/speakers', { user: ada, routes: eventRoutes(routes) });
    await screen.findByRole('region', { name: 'No speakers yet' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Speaker' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Add Speaker' });
    const field = (name: RegExp) => within(drawer).getByRole('textbox', { name });
    return { ...studio, drawer, field };
  };

  it('checks the drawer with the domain rules (email, names, LinkedIn and X links) before sending', async () => {
    const { fetchMock, drawer, field } = await openDrawer((path) =>
      path.startsWith(speakersPath) ? page([]) : undefined,
    );
    await userEvent.type(field(/^Email/), 'nope');
    await userEvent.type(field(/^LinkedIn/), 'https://x.io/a');
    await userEvent.type(field(/^X \(Twitter\)/), 'http://x.com/a');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter a valid email address.')).toBeTruthy();
    expect(within(drawer).getAllByText('This field is required.')).toHaveLength(2);
    expect(within(drawer).getByText(peopleMessages.invalidLinkedIn)).toBeTruthy();
    expect(within(drawer).getByText(peopleMessages.invalidTwitter)).toBeTruthy();
    expect(callsTo(fetchMock, speakersPath).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("names the event in the invitation the checkbox sends, not '{{ event_title }}'", async () => {
    const { drawer } = await openDrawer((path) => {
      if (path.startsWith('/api/event/email-config/'))
        return page([
          {
            id: 'c-1',
            event: 'e-1',
            email_type: 'SpkInvite',
            subject: 'You are speaking at {{ event_title }}',
            body: 'Hello',
            enabled: true,
            minutes_before_start: null,
            is_default: true,
          },
        ]);
      return path.startsWith(speakersPath) ? page([]) : undefined;
    });
    expect(await within(drawer).findByText('The invitation: “You are speaking at Summit”')).toBeTruthy();
    expect(within(drawer).queryByText(/event_title/)).toBeNull();
  });

  it('adds someone new by their details, with the invitations asked for', async () => {
    const { fetchMock, drawer, field } = await openDrawer((path, init) => {
      if (path.startsWith('/api/core/users/')) return page([]);
      if (path === speakersPath && init.method === 'POST') return json(201, speaker('s-9', 'Ada', 0));
      return path.startsWith(speakersPath) ? page([]) : undefined;
    });
    await userEvent.type(field(/^Email/), 'ada@example.com');
    await userEvent.click(field(/^First name/));
    expect(
      await within(drawer).findByText('A new person: they will be able to join this event only.'),
    ).toBeTruthy();
    const lookup = callsTo(fetchMock, '/api/core/users/')[0]!;
    expect(new URL(lookup.url, 'http://x').search).toBe('?user__email=ada%40example.com&organization=org-1');
    await userEvent.type(field(/^First name/), 'Ada');
    await userEvent.type(field(/^Last name/), 'Lovelace');
    await userEvent.type(field(/^LinkedIn/), 'https://www.linkedin.com/in/ada');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Send calendar invite' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, speakersPath).find((call) => call.method === 'POST')?.body).toEqual({
        event: 'e-1',
        role: 4,
        user: {
          email: 'ada@example.com',
          first_name: 'Ada',
          last_name: 'Lovelace',
          title: '',
          company: '',
          profile_picture_url: '',
          linkedin_url: 'https://www.linkedin.com/in/ada',
          twitter_url: '',
          bio: '',
        },
        broadcasts: [],
        event_app_role: null,
        permission_roles: [],
        hidden: false,
        send_email_invite: true,
        send_calendar_invite: true,
      }),
    );
    expect(await screen.findByText(peopleMessages.speakerAdded)).toBeTruthy();
  });

  it("adds a member of the organisation by id, then saves the organisation's profile of them", async () => {
    const grace = {
      id: 'u-7',
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      title: 'Admiral',
      company: 'Navy',
      profile_picture_url: null,
      linkedin_url: null,
      twitter_url: null,
    };
    const { fetchMock, drawer, field } = await openDrawer((path, init) => {
      if (path.startsWith('/api/core/users/')) return page([grace]);
      if (path === '/api/core/user/u-7/' && init.method === 'PATCH') return json(200, {});
      if (path === speakersPath && init.method === 'POST') return json(201, speaker('s-9', 'Grace', 0));
      return path.startsWith(speakersPath) ? page([]) : undefined;
    });
    await userEvent.type(field(/^Email/), 'grace@example.com');
    await userEvent.click(field(/^Title/));
    await waitFor(() => expect((field(/^First name/) as HTMLInputElement).value).toBe('Grace'));
    await userEvent.type(field(/^Bio/), 'Compilers.');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/core/user/u-7/')).toEqual([
        {
          org_user: {
            event: 'e-1',
            org_user_data: {
              first_name: 'Grace',
              last_name: 'Hopper',
              title: 'Admiral',
              company: 'Navy',
              profile_picture_url: '',
              linkedin_url: '',
              twitter_url: '',
              bio: 'Compilers.',
            },
          },
        },
      ]),
    );
    expect(callsTo(fetchMock, speakersPath).find((call) => call.method === 'POST')?.body).toMatchObject({
      user: 'u-7',
      send_email_invite: true,
    });
  });

  it("says 'Error Loading Speakers, Please Try Again' when the list fails", async () => {
    openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path) =>
        path.startsWith(speakersPath) ? json(500, { message: 'down', code: 'SERVER_ERROR' }) : undefined,
      ),
    });
    expect((await screen.findAllByText(peopleMessages.errorLoadingSpeakers)).length).toBeGreaterThan(0);
  });

  it("shows a new event's default speaker role: the one that applies until one is chosen (the last listed, Stage Access)", async () => {
    openStudio('/events/e-1/programs/speakers', {
      user: ada,
      routes: eventRoutes((path) => (path.startsWith(speakersPath) ? page([]) : undefined)),
    });
    await waitFor(() => {
      const select = screen
        .getAllByLabelText('Default speaker role')
        .find((element): element is HTMLInputElement => element instanceof HTMLInputElement)!;
      expect(select.value).toBe('Stage Access');
    });
  });
});
