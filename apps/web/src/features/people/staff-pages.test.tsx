import { peopleMessages, STAFF_ROLE_DESCRIPTIONS, type StaffMember } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { speakerFixture as speaker } from '../../testing/speaker-fixture.ts';
import { eventRoutes } from './people-fixtures.ts';
import { seriesFixture } from '../../testing/series-fixture.ts';

// The pages' chunk, compiled once before the first test waits for it.
beforeAll(() => import('../../app/people-route.tsx'), 60_000);

const weekly = seriesFixture({
  name: 'Weekly demo',
  is_repeating: true,
  events: ['e-1'],
  programme_event: 'e-1',
});
const withEventRoles = { ...acme, is_event_roles_enabled: true };
const producer: StaffMember = {
  ...speaker('st-1', 'Margaret', 0, { role: 2, user_type: 'staff', event_app_role: 'r-producer' }),
  roles: [{ role: { id: 'r-producer', name: 'PRODUCER' }, broadcasts: [] }],
};

describe('staff page', () => {
  it('says event roles are not enabled, and reads no staff, when the organisation has them off', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/staff', { user: ada, routes: eventRoutes() });
    expect(await screen.findByRole('region', { name: 'Event roles are not enabled' })).toBeTruthy();
    expect(screen.getByText(new RegExp(peopleMessages.eventRolesDisabled))).toBeTruthy();
    expect(screen.getByText(/Settings › Organization \(Event roles\)/)).toBeTruthy();
    const where = screen.getByRole('link', { name: 'Open Settings › Organization' });
    expect(where.getAttribute('href')).toBe('/settings-new/organization');
    expect(callsTo(fetchMock, '/api/event/staff/')).toEqual([]);
  });

  it('lists the staff with their role and adds a producer with the verbatim descriptions', async () => {
    const { fetchMock } = openStudio('/webinar/e-1/details/staff', {
      user: ada,
      organization: withEventRoles,
      routes: eventRoutes((path, init) => {
        if (path.startsWith('/api/core/users/')) return page([]);
        if (path === '/api/event/staff/' && init.method === 'POST') return json(201, producer);
        if (path.startsWith('/api/event/staff/')) return page([producer]);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Staff' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Margaret Speaker')).toBeTruthy();
    expect(within(row).getByText('Producer')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy the magic link of Margaret Speaker' })).toBeTruthy();
    const list = callsTo(fetchMock, '/api/event/staff/')[0]!;
    expect(new URL(list.url, 'http://x').searchParams.get('ordering')).toBe('created_at');
    expect(new URL(list.url, 'http://x').searchParams.get('user_type')).toBe('staff');

    await userEvent.click(screen.getByRole('button', { name: 'Add Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff' });
    expect(within(dialog).getByText(STAFF_ROLE_DESCRIPTIONS.PRODUCER)).toBeTruthy();
    expect(within(dialog).getByText(STAFF_ROLE_DESCRIPTIONS.COORDINATOR)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(3);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Grace');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Hopper');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Coordinator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/staff/').find((call) => call.method === 'POST')?.body).toEqual({
        event: 'e-1',
        user: {
          email: 'grace@example.com',
          first_name: 'Grace',
          last_name: 'Hopper',
          title: '',
          company: '',
        },
        user_type: 'staff',
        broadcasts: [],
        event_app_role: 'r-coordinator',
        permission_roles: [],
        send_email_invite: true,
        send_calendar_invite: false,
      }),
    );
    expect(await screen.findByText(peopleMessages.staffAdded)).toBeTruthy();
  });

  it('selects all staff less the ones toggled off, and sends that selection with a bulk action', async () => {
    const member = (id: string, first: string) => ({ ...producer, ...speaker(id, first, 0, { role: 2 }) });
    const list = [member('st-1', 'Margaret'), member('st-2', 'Grace'), member('st-3', 'Linus')];
    const { fetchMock } = openStudio('/events/e-1/programs/staff', {
      user: ada,
      organization: withEventRoles,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/bulk/' && init.method === 'POST')
          return json(200, { count: 2, job: null });
        if (path.startsWith('/api/event/staff/')) return page(list);
        return undefined;
      }),
    });
    const table = await screen.findByRole('table', { name: 'Staff' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all staff' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Grace Speaker' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected staff' });
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    // Staff are never hidden: the bar offers the invitation and the removal only.
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Resend invitation', 'Remove', 'Clear selection']);

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText("2 staff members will be removed from the event's staff.")).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/event-roles/bulk/')).toEqual([
        { event: 'e-1', role: 2, action: 'remove', selection: { all: true, excluded: ['st-2'] } },
      ]),
    );
    expect(await screen.findByText(peopleMessages.staffMembersRemoved)).toBeTruthy();
  });

  it("says 'Error Loading Staff Email Config, Please Try Again' when the invitation cannot be read", async () => {
    openStudio('/events/e-1/programs/staff', {
      user: ada,
      organization: withEventRoles,
      routes: eventRoutes((path) => {
        if (path.startsWith('/api/event/email-config/'))
          return json(500, { message: 'down', code: 'SERVER_ERROR' });
        if (path.startsWith('/api/event/staff/')) return page([]);
        return undefined;
      }),
    });
    expect(await screen.findByText(peopleMessages.errorLoadingStaffEmailConfig)).toBeTruthy();
  });
});

describe('check-in staff page', () => {
  it('adds a check-in staff member by first name, last name and email', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/check-in-staff', {
      user: ada,
      routes: eventRoutes((path, init) => {
        if (path === '/api/event/event-roles/' && init.method === 'POST')
          return json(201, speaker('c-1', 'Tim', 0, { role: 8 }));
        if (path.startsWith('/api/event/event-roles/')) return page([]);
        return undefined;
      }),
    });
    await screen.findByRole('region', { name: 'No check-in staff yet' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Check-in Staff' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Check-in Staff' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Tim');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Berners-Lee');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'tim@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/event-roles/').find((call) => call.method === 'POST')?.body,
      ).toEqual({
        event: 'e-1',
        role: 8,
        first_name: 'Tim',
        last_name: 'Berners-Lee',
        email: 'tim@example.com',
      }),
    );
    expect(await screen.findByText(peopleMessages.checkInStaffAdded)).toBeTruthy();
  });

  it("reads the repeating event's programme occurrence, and says 'Error loading Check-in Staff! Please Try Again.'", async () => {
    const { fetchMock } = openStudio('/repeating-event/s-1/programs/check-in-staff', {
      user: ada,
      routes: eventRoutes((path) => {
        if (path.startsWith('/api/event/series/s-1/')) return json(200, weekly);
        if (path.startsWith('/api/event/event-roles/'))
          return json(500, { message: 'down', code: 'SERVER_ERROR' });
        return undefined;
      }),
    });
    expect((await screen.findAllByText(peopleMessages.errorLoadingCheckInStaff)).length).toBeGreaterThan(0);
    const list = callsTo(fetchMock, '/api/event/event-roles/')[0]!;
    expect(Object.fromEntries(new URL(list.url, 'http://x').searchParams)).toMatchObject({
      event: 'e-1',
      role: '8',
    });
  });
});
