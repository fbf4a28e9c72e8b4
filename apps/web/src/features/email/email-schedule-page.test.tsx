import { chooseOption, openOptionList } from '../../testing/option-list.ts';
import {
  EMAIL_DELIVERY_STATUSES,
  emailScheduleMessages,
  emailTemplateMessages,
  type EmailDelivery,
  type EmailSchedule,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { emailSchedule } from './email-schedule-fixture.ts';

const typist = () => userEvent.setup({ delay: null });
/** The page's chunks load first; a busy machine needs longer than the default wait. */
const PAGE_LOAD = { timeout: 20_000 };
const SCHEDULES = '/api/event/email_schedules/';
const DELIVERIES = '/api/event/email_deliveries/';
const TRACKING = '/api/event/email_tracking/';
const DAY = 86_400_000;

const reminder = emailSchedule({ id: 'sch-1', email_type: 'Reminder-1d', days: 1 });
const onDemand = emailSchedule({ id: 'sch-2', email_type: 'OnDemand', relativeTime: 'AFTER_END' });
const delivery: EmailDelivery = {
  id: 'd-1',
  event: 'e-1',
  email_type: 'Reminder-1d',
  recipient: 'grace@example.com',
  status: 'bounced',
  reason: '550 No such mailbox',
  attempts: 1,
  created_at: '2026-11-01T10:00:00Z',
  sent_at: '2026-11-01T10:00:01Z',
  opened_at: null,
  clicked_at: null,
};

/**
 * Event e-1 starting in ten days, with its day-before reminder and on-demand email (or `results`); a bulk save answers
 * `bulk` (else the list).
 */
function openSchedule(
  href: string,
  bulk?: Response,
  results: EmailSchedule[] = [reminder, onDemand],
  templates: { id: string; name: string; subject?: string }[] = [],
) {
  const start = Date.now() + 10 * DAY;
  const list = {
    context: {
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3_600_000).toISOString(),
      timezone: 'UTC',
      isRepeatingEvent: false,
      seriesId: null,
      eventTemplateId: null,
    },
    results,
  };
  return openStudio(href, {
    user: ada,
    routes: (path) => {
      const bare = path.split('?')[0];
      if (bare === '/api/event/e-1/') return json(200, eventFixture({ id: 'e-1', title: 'Summit' }));
      if (bare === SCHEDULES) return json(200, list);
      if (bare === `${SCHEDULES}bulk/`) return bulk?.clone() ?? json(200, list);
      if (bare === `${SCHEDULES}sch-1/`) return json(200, { ...reminder, active: false });
      if (bare === '/api/event/email_templates/') {
        // Two a page, whatever the limit asked: a list is read page after page.
        const offset = Number(new URLSearchParams(path.split('?')[1]).get('offset') ?? 0);
        const shown = templates.slice(offset, offset + 2);
        return json(200, {
          count: templates.length,
          next: offset + 2 < templates.length ? `/api/event/email_templates/?offset=${offset + 2}` : null,
          previous: null,
          results: shown.map((template) => ({
            ...template,
            subject: template.subject ?? template.name,
            email_type: null,
            event: 'e-1',
            event_template: null,
            series: null,
            created_at: '2026-11-01T00:00:00Z',
            updated_at: '2026-11-01T00:00:00Z',
          })),
        });
      }
      if (bare === DELIVERIES) {
        const response = { count: 1, next: null, previous: null, results: [delivery] };
        const counts = Object.fromEntries(EMAIL_DELIVERY_STATUSES.map((status) => [status, 0]));
        const engagement = { opened: 3, clicked: 1 };
        return json(200, { ...response, counts: { ...counts, sent: 4, bounced: 1 }, engagement });
      }
      if (bare === TRACKING) return json(200, { track_opens_and_clicks: false });
      return undefined;
    },
  });
}

describe('email schedule page', () => {
  it('lists the types, turns one off, and shows the delivery log with counts and filters', async () => {
    const user = typist();
    const { fetchMock } = openSchedule('/events/e-1/email/schedule');
    const table = await screen.findByRole('table', { name: 'Scheduled emails' }, PAGE_LOAD);
    expect(within(table).getByText('1 day before start')).toBeTruthy();
    // No offset: at the event's end (not "At after end").
    expect(within(table).getByText('At end')).toBeTruthy();
    const active = within(table).getByRole('switch', { name: 'Reminder 1 day before active' });
    // Mantine's `md` switch is 24 px high (`sm`: 20), WCAG 2.2's target minimum.
    expect(active.closest<HTMLElement>('.mantine-Switch-root')?.dataset.size).toBe('md');
    await user.click(active);
    await waitFor(() =>
      expect(callsTo(fetchMock, `${SCHEDULES}sch-1/`)[0]).toMatchObject({
        method: 'PATCH',
        body: { active: false },
      }),
    );
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(within(log).getByText('550 No such mailbox')).toBeTruthy();
    // Its type by its label, never the stored code.
    expect(within(log).getByText('Reminder 1 day before')).toBeTruthy();
    // Each status by its label, in the chips and in the table.
    expect(within(log).getByText('Bounced')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Bounced (1)' }));
    await waitFor(() => expect(callsTo(fetchMock, DELIVERIES).at(-1)?.url).toContain('status=bounced'));
    // The organiser's own sends are filed under their types too (002 §7.13a).
    await chooseOption(
      user,
      screen.getByRole('combobox', { name: 'Email type' }),
      'Bulk email to all registrants',
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, DELIVERIES).at(-1)?.url).toContain('email_type=Bulk-Email'),
    );
    expect(screen.getByText('Opened: 3 · Clicked: 1')).toBeTruthy();
    await user.click(await screen.findByRole('switch', { name: /Track opens and clicks/ }));
    await waitFor(() =>
      expect(callsTo(fetchMock, TRACKING).find((call) => call.method === 'PUT')?.body).toEqual({
        track_opens_and_clicks: true,
      }),
    );
  });

  it('says of an active email whose time had passed when it was set that it will not be sent', async () => {
    // An event starting in two hours: its day-before reminder, on by default, was due 22 hours ago.
    const passed = new Date(Date.now() - 22 * 3_600_000).toISOString();
    openSchedule('/events/e-1/email/schedule', undefined, [
      { ...reminder, schedule_time: passed, skipped: true },
      emailSchedule({ email_type: 'Reminder-2d', days: 2, active: false, schedule_time: passed }),
      // Past too, but set before its time: sent then.
      emailSchedule({ email_type: 'Reminder-1h', hours: 1, schedule_time: passed }),
    ]);
    const table = await screen.findByRole('table', { name: 'Scheduled emails' }, PAGE_LOAD);
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(row('Reminder 1 day before')).getByText(emailScheduleMessages.timePassed)).toBeTruthy();
    // Off, or sent at its time: nothing to say.
    expect(within(row('Reminder 2 days before')).queryByText(emailScheduleMessages.timePassed)).toBeNull();
    expect(within(row('Reminder 1 hour before')).queryByText(emailScheduleMessages.timePassed)).toBeNull();
  });

  it('opens #schedule-drawer from the address, saves the changes at once, and shows a refusal inline', async () => {
    const user = typist();
    const refusal = json(400, {
      message: emailScheduleMessages.tooSoon,
      code: 'invalid',
      errors: { 'Reminder-1d': [emailScheduleMessages.afterWindow] },
    });
    const { fetchMock, router } = openSchedule('/events/e-1/email/schedule#schedule-drawer', refusal);
    const row = await screen.findByRole('group', { name: 'Reminder 1 day before' }, PAGE_LOAD);
    const days = within(row).getByRole('textbox', { name: 'Days' });
    await user.tripleClick(days);
    await user.keyboard('2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(row).findByRole('alert')).toHaveProperty(
      'textContent',
      emailScheduleMessages.afterWindow,
    );
    expect(callsTo(fetchMock, `${SCHEDULES}bulk/`)[0]?.body).toEqual({
      schedules: [expect.objectContaining({ email_type: 'Reminder-1d', days: 2 })],
    });
    expect(router.state.location.hash).toBe('schedule-drawer');
  });

  it('says the schedule was saved as its drawer closes', async () => {
    const user = typist();
    const { router } = openSchedule('/events/e-1/email/schedule#schedule-drawer');
    const row = await screen.findByRole('group', { name: 'Reminder 1 day before' }, PAGE_LOAD);
    await user.tripleClick(within(row).getByRole('textbox', { name: 'Days' }));
    await user.keyboard('2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email schedule saved.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });

  it("offers every one of the event's templates (however many pages) in the drawer's Template list, by name", async () => {
    const user = typist();
    openSchedule('/events/e-1/email/schedule#schedule-drawer', undefined, undefined, [
      { id: 't-3', name: 'Speaker reminder 1 hour before' },
      { id: 't-1', name: 'Reminder 1 hour before' },
      { id: 't-2', name: 'Already registered' },
    ]);
    const row = await screen.findByRole('group', { name: 'Reminder 1 day before' }, PAGE_LOAD);
    const input = within(row)
      .getAllByLabelText('Template')
      .find((element) => element.tagName === 'INPUT')!;
    const listbox = await openOptionList(user, input);
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option', { hidden: true })
          .map((option) => option.textContent),
      ).toEqual(['Already registered', 'Reminder 1 hour before', 'Speaker reminder 1 hour before']),
    );
  });

  it('names a template saved without a subject as needing one, and refuses it on an active email', async () => {
    const user = typist();
    const { fetchMock } = openSchedule('/events/e-1/email/schedule#schedule-drawer', undefined, undefined, [
      { id: 't-1', name: 'Our news' },
      { id: 't-2', name: 'Untitled', subject: '' },
    ]);
    const row = await screen.findByRole('group', { name: 'Reminder 1 day before' }, PAGE_LOAD);
    const input = within(row)
      .getAllByLabelText('Template')
      .find((element) => element.tagName === 'INPUT')!;
    await chooseOption(user, input, emailTemplateMessages.needsSubject('Untitled'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(row).getByText(emailTemplateMessages.subjectMissing)).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    // Switched off, it sends nothing: saved.
    await user.click(within(row).getByRole('checkbox', { name: 'Active' }));
    expect(within(row).queryByText(emailTemplateMessages.subjectMissing)).toBeNull();
    await user.click(save);
    await waitFor(() => expect(callsTo(fetchMock, `${SCHEDULES}bulk/`)).toHaveLength(1));
  });
});
