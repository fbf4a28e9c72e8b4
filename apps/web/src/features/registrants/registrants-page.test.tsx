import { notificationsStore } from '@mantine/notifications';
import {
  formAnswerMessages,
  peopleMessages,
  registrationMessages,
  REGISTRATION_TOAST_MS,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { openMenu } from '../../testing/option-list.ts';
import { registrationFormFixture, typePerson } from '../../testing/registration-form-fixture.ts';
import {
  member,
  registrantsRoutes,
  registrationEvent,
  registrationSettings,
} from './registrants-fixtures.ts';

// The pages' chunk, compiled once before the first test waits for it.
beforeAll(() => import('../../app/registration-route.tsx'), 60_000);

const membersPath = '/api/event/event-members/';
const pagePath = '/events/e-1/registration-new/registrants';
const list = [
  member('m-1', 'Ada', 'REGISTRATION'),
  member('m-2', 'Grace', 'WAITLISTED', { company: null }),
  member('m-3', 'Linus', 'REJECTED', { is_blocked: true }),
];
/** The page once its event, counts and members are in. */
const opened = async () => {
  await screen.findByText('3 registrants · 2 of 50 seats taken', {}, { timeout: 5000 });
  return screen.findByRole('table', { name: 'Registrants' });
};
const membersQuery = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, membersPath).map((call) => new URL(call.url, 'http://studio.test').searchParams);

describe('registrants page', () => {
  it('lists the members 20 a page with their status, and counts them', async () => {
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) => (path.startsWith(membersPath) ? page(list, 45) : undefined)),
    });
    const table = await screen.findByRole('table', { name: 'Registrants' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 8)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Name, status and the row's actions first: on a phone they show before any sideways scroll.
      ['Ada Attendee', 'Registered', '', 'ada@example.com', 'Acme', 'Engineer', 'Summit'],
      ['Grace Attendee', 'Waitlisted', '', 'grace@example.com', '—', 'Engineer', 'Summit'],
      ['Linus Attendee', 'RejectedBlocked', '', 'linus@example.com', 'Acme', 'Engineer', 'Summit'],
    ]);
    expect(
      within(rows[0]!).getAllByRole('cell')[3]!.querySelector('button')?.getAttribute('aria-label'),
    ).toBe('Actions for Ada Attendee');
    const query = membersQuery(fetchMock)[0]!;
    expect(Object.fromEntries(query)).toEqual({ event: 'e-1', limit: '20', offset: '0' });
    expect(await screen.findByText('3 registrants · 2 of 50 seats taken')).toBeTruthy();
    expect(screen.getByText('Waitlisted: 1')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Registration page/ }).getAttribute('href')).toBe(
      'http://events.example.test/e/e-1/register',
    );
    // A virtual event has no check-in desk.
    expect(screen.queryByRole('button', { name: 'Check-in desk' })).toBeNull();
  });

  it('on a phone keeps one row of actions above the list: Add Registrant, and More actions for the rest', async () => {
    onPhone();
    try {
      openStudio(pagePath, {
        user: ada,
        routes: registrantsRoutes((path) => (path.startsWith(membersPath) ? page(list) : undefined)),
      });
      await opened();
      expect(screen.getByRole('button', { name: 'Add Registrant' })).toBeTruthy();
      for (const name of ['Export CSV', 'Import CSV'])
        expect(screen.queryByRole('button', { name })).toBeNull();
      expect(screen.queryByRole('link', { name: /Registration page/ })).toBeNull();
      const { menu, entries } = await openMenu(
        userEvent,
        screen.getByRole('button', { name: 'More actions' }),
      );
      expect(entries).toEqual(['Registration page', 'Export CSV', 'Import CSV']);
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Import CSV' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
    } finally {
      onWideScreen();
    }
  });

  it('keeps each status badge whole, which widens its column, on a phone that scrolls the table sideways', async () => {
    openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) => (path.startsWith(membersPath) ? page(list) : undefined)),
    });
    const table = await opened();
    for (const status of ['Registered', 'Waitlisted', 'Rejected', 'Blocked']) {
      // A badge's label cuts its text with "…" where the badge is narrower than it ("Waitlis…").
      const badge = within(table).getByText(status).closest<HTMLElement>('.mantine-Badge-root');
      expect(badge?.style.minWidth, status).toBe('max-content');
    }
  });

  it('reads the search, status and page from the address and keeps a new filter there', async () => {
    const { fetchMock, router } = openStudio(`${pagePath}?search=acme&status=WAITLISTED&page=2`, {
      user: ada,
      routes: registrantsRoutes((path) => (path.startsWith(membersPath) ? page(list, 45) : undefined)),
    });
    await screen.findByRole('table', { name: 'Registrants' });
    expect(Object.fromEntries(membersQuery(fetchMock)[0]!)).toEqual({
      event: 'e-1',
      search: 'acme',
      event_user_status: 'WAITLISTED',
      limit: '20',
      offset: '20',
    });
    await userEvent.click(screen.getAllByLabelText('Status').find((element) => element.tagName === 'INPUT')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected', hidden: true }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'acme', status: 'WAITLISTED,REJECTED' }),
    );
    await waitFor(() =>
      expect(membersQuery(fetchMock).at(-1)!.get('event_user_status')).toBe('WAITLISTED,REJECTED'),
    );
  });

  it('says when the members cannot be read', async () => {
    openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) => (path.startsWith(membersPath) ? json(500, {}) : undefined)),
    });
    await waitFor(() =>
      expect(screen.getAllByText(registrationMessages.errorFetchingEventMembers)).toHaveLength(2),
    );
  });

  it('promotes a waitlisted registrant from the row’s actions, which also offer Reject', async () => {
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path, init) => {
        if (path === `${membersPath}m-2/` && init.method === 'PATCH')
          return json(200, member('m-2', 'Grace', 'REGISTRATION'));
        return path.startsWith(membersPath) ? page(list) : undefined;
      }),
    });
    const table = await opened();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Grace Attendee' }));
    expect(await screen.findByRole('menuitem', { name: 'Reject', hidden: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Promote from waitlist', hidden: true }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${membersPath}m-2/`)).toEqual([
        { url: `${membersPath}m-2/`, method: 'PATCH', body: { event_user_status: 'REGISTRATION' } },
      ]),
    );
    expect(await screen.findByText('Grace Attendee is now Registered.')).toBeTruthy();
  });

  it('copies and revokes a registrant’s activity link from the row’s actions', async () => {
    const activityPath = '/api/core/registrant_activity_url/';
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path, init) => {
        if (path === activityPath && init.method === 'POST')
          return json(200, {
            short_url: 'abc',
            url: 'http://studio.test/registrants-activity?short_url=abc',
          });
        if (path.startsWith(activityPath) && init.method === 'DELETE')
          return new Response(null, { status: 204 });
        return path.startsWith(membersPath) ? page(list) : undefined;
      }),
    });
    const table = await opened();
    const actions = () => within(table).getByRole('button', { name: 'Actions for Ada Attendee' });
    await userEvent.click(actions());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy activity link', hidden: true }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('http://studio.test/registrants-activity?short_url=abc'),
    );
    await userEvent.click(actions());
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Revoke activity link', hidden: true }),
    );
    expect(await screen.findByText('Activity link revoked: the old link no longer opens')).toBeTruthy();
    const revoked = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(revoked.map(([url]) => url)).toEqual([`${activityPath}?user=${list[0]!.user}`]);
  });

  it('copies a registered person’s magic link into the event (002 §7.6), and offers none to the waitlisted', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = 'https://events.example.com/e/e-1/enter?token=abc';
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) =>
        path.startsWith('/api/event/magic_link/')
          ? json(200, { url: link })
          : path.startsWith(membersPath)
            ? page(list)
            : undefined,
      ),
    });
    const table = await opened();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Grace Attendee' }));
    await screen.findByRole('menuitem', { name: 'Copy activity link', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Copy the magic link', hidden: true })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Ada Attendee' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy the magic link', hidden: true }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    expect(await screen.findByText(peopleMessages.magicLinkCopied)).toBeTruthy();
    const asked = callsTo(fetchMock, '/api/event/magic_link/').map(
      (call) => new URL(call.url, 'http://studio.test').searchParams,
    );
    expect(asked.map((query) => [query.get('user_id'), query.get('event_id')])).toEqual([
      [list[0]!.user, list[0]!.event],
    ]);
  });

  it('shows the waitlisted as Awaiting approval and offers Approve when registrations need approval', async () => {
    const awaiting = list.map((one) => (one.id === 'm-2' ? { ...one, awaiting_approval: true } : one));
    openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes(
        (path) => (path.startsWith(membersPath) ? page(awaiting) : undefined),
        registrationEvent(),
        registrationSettings({ registration_approval_required: true }),
      ),
    });
    const table = await opened();
    const grace = within(table).getByRole('row', { name: /Grace Attendee/ });
    expect(within(grace).getByText('Awaiting approval')).toBeTruthy();
    expect(within(table).queryByText('Waitlisted')).toBeNull();
    expect(screen.getByText('Awaiting approval: 1')).toBeTruthy();
    await userEvent.click(screen.getAllByLabelText('Status').find((element) => element.tagName === 'INPUT')!);
    expect(await screen.findByRole('option', { name: 'Awaiting approval', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Waitlisted', hidden: true })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Grace Attendee' }));
    expect(await screen.findByRole('menuitem', { name: 'Approve', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Promote from waitlist', hidden: true })).toBeNull();
  });

  it('adds a registrant by hand and says so for 20 seconds', async () => {
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path, init) => {
        if (path === membersPath && init.method === 'POST') return json(202, { job: 'j-1' });
        return path.startsWith(membersPath) ? page([]) : undefined;
      }),
    });
    const empty = await screen.findByRole('region', { name: 'No registrants yet' });
    await userEvent.click(within(empty).getByRole('button', { name: 'Add Registrant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Registrant' });
    await typePerson(dialog, 'Hedy@Example.com', 'Hedy', 'Lamarr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, membersPath).filter((call) => call.method === 'POST')[0]?.body).toEqual({
        event: 'e-1',
        form_id: null,
        email: 'hedy@example.com',
        first_name: 'Hedy',
        last_name: 'Lamarr',
        answers: {},
      }),
    );
    expect(await screen.findByText(registrationMessages.registeredByHand)).toBeTruthy();
    const toast = notificationsStore
      .getState()
      .notifications.find((shown) => shown.message === registrationMessages.registeredByHand);
    expect(toast?.autoClose).toBe(REGISTRATION_TOAST_MS);
  });

  it("asks the event's registration form, its required answers first, and sends them with form_id", async () => {
    const form = registrationFormFixture({
      formio_data: {
        components: [
          { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
          { type: 'checkbox', key: 'newsletter', label: 'Newsletter' },
        ],
      },
    });
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes(
        (path, init) => {
          if (path === '/api/event/forms/f-1/') return json(200, form);
          if (path === membersPath && init.method === 'POST')
            return json(202, { message: registrationMessages.registeredByHand });
          return path.startsWith(membersPath) ? page([]) : undefined;
        },
        registrationEvent({ registration_form_data: { id: 'f-1', is_global_form: true } }),
      ),
    });
    const posts = () => callsTo(fetchMock, membersPath).filter((call) => call.method === 'POST');
    const empty = await screen.findByRole('region', { name: 'No registrants yet' });
    await userEvent.click(within(empty).getByRole('button', { name: 'Add Registrant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Registrant' });
    const job = await within(dialog).findByRole('textbox', { name: 'Job' });
    await typePerson(dialog, 'hedy@example.com', 'Hedy', 'Lamarr');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'MGM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText(formAnswerMessages.required)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    await userEvent.type(job, ' Inventor ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Newsletter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(posts()[0]?.body).toEqual({
        event: 'e-1',
        form_id: 'f-1',
        email: 'hedy@example.com',
        first_name: 'Hedy',
        last_name: 'Lamarr',
        company: 'MGM',
        answers: { job: 'Inventor', newsletter: true },
      }),
    );
    expect(await screen.findByText(registrationMessages.registeredByHand)).toBeTruthy();
  });

  it('blocks every registrant the search matches in select-all mode', async () => {
    const { fetchMock } = openStudio(`${pagePath}?search=acme&status=REGISTRATION`, {
      user: ada,
      routes: registrantsRoutes((path, init) => {
        if (path === '/api/event/e-1/bulk_block/' && init.method === 'POST') return json(200, { count: 45 });
        return path.startsWith(membersPath) ? page(list, 45) : undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Registrants' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Ada Attendee' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected registrants' });
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Select all 45 registrants' }));
    expect(within(toolbar).getByText('45 selected')).toBeTruthy();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/bulk_block/')).toEqual([
        { search: 'acme', event_user_status: ['REGISTRATION'] },
      ]),
    );
    expect(await screen.findByText('45 registrants blocked.')).toBeTruthy();
  });

  it('deletes the chosen registrants after asking, and says the spec’s error when the server fails', async () => {
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path, init) => {
        if (path === '/api/event/e-1/bulk_delete/' && init.method === 'POST')
          return new Response('oops', { status: 500 });
        return path.startsWith(membersPath) ? page(list) : undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Registrants' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Ada Attendee' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Linus Attendee' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('2 registrants will be deleted from the event.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/bulk_delete/')).toEqual([{ users: ['u-m-1', 'u-m-3'] }]),
    );
    expect(await screen.findByText(registrationMessages.errorDeleting)).toBeTruthy();
  });
});
