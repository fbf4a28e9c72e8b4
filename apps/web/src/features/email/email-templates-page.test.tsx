import {
  BLANK_EMAIL_TEMPLATE,
  EVENT_USER_STATUSES,
  emailTemplateMessages,
  messages,
  NOT_REGISTERED_USER_CODE,
  type EmailTemplate,
  type EventMember,
  type StudioEvent,
} from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { seriesFixture } from '../../testing/series-fixture.ts';
import { emailSchedule } from './email-schedule-fixture.ts';
import { CHOOSE_REGISTRANTS, NOBODY_TO_SEND_TO } from './send-to-registrants.tsx';

const NO_TIMES = { startTime: null, endTime: null, timezone: null };
const typist = () => userEvent.setup({ delay: null });
/** The page's chunks load first; a busy machine needs longer than the default wait. */
const PAGE_LOAD = { timeout: 20_000 };
const TEMPLATES = '/api/event/email_templates/';

const reminder: EmailTemplate = {
  id: 'tpl-1',
  name: 'Reminder',
  subject: 'See you soon',
  email_type: 'Reminder-1d',
  email_html: BLANK_EMAIL_TEMPLATE.email_html,
  email_json: BLANK_EMAIL_TEMPLATE.email_json,
  event: 'e-1',
  event_template: null,
  series: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const { email_html: _html, email_json: _json, ...reminderRow } = reminder;

const grace: EventMember = {
  id: 'reg-1',
  event: 'e-1',
  user: 'u-9',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  full_name: 'Grace Hopper',
  company: null,
  title: null,
  events: [{ id: 'e-1', title: 'Summit' }],
  event_user_status: 'REGISTRATION',
  awaiting_approval: false,
  is_blocked: false,
  source: 'form',
  answers: {},
  registered_at: '2026-11-01T10:00:00Z',
  waitlisted_at: null,
  checked_in_at: null,
};
const meetups = seriesFixture({ name: 'Meetups', events: ['e-1', 'e-2'] });
const byStatus = Object.fromEntries(EVENT_USER_STATUSES.map((status) => [status, 0]));
/** The event's registrants: Grace and Alan hold a seat, Bob cancelled. */
const members: EventMember[] = [
  grace,
  {
    ...grace,
    id: 'reg-2',
    email: 'bob@example.com',
    full_name: 'Bob Cancelled',
    event_user_status: 'CANCELED',
  },
  {
    ...grace,
    id: 'reg-3',
    email: 'alan@example.com',
    full_name: 'Alan Attended',
    event_user_status: 'ATTENDED',
  },
];

/** GET /api/event/event-members/?event=e-1 with its status filter, as the server answers it. */
function membersPage(path: string) {
  const query = new URL(path, 'http://studio.test').searchParams;
  const statuses = query.get('event_user_status')?.split(',');
  return page(members.filter((member) => !statuses || statuses.includes(member.event_user_status)));
}

/**
 * The event e-1's email templates page over a server holding `stored` (`reminder` unless told) and
 * the event (`event`'s fields win); a test send answers `testSend`.
 */
function openTemplates(
  href = '/events/e-1/email/templates',
  testSend = json(200, { message: 'ok', sent: 1 }),
  { event = {}, stored = reminder }: { event?: Partial<StudioEvent>; stored?: EmailTemplate } = {},
) {
  return openStudio(href, {
    user: ada,
    routes: (path, init) => {
      const bare = path.split('?')[0];
      if (bare === '/api/event/e-1/')
        return json(200, eventFixture({ id: 'e-1', title: 'Summit', ...event }));
      if (bare === TEMPLATES && init.method === 'GET') return page([reminderRow]);
      if (bare === `${TEMPLATES}tpl-1/duplicate/`)
        return json(201, { ...reminder, id: 'tpl-2', name: 'Copy of Reminder' });
      if (bare === `${TEMPLATES}tpl-1/`)
        return json(200, { ...stored, ...(typeof init.body === 'string' && JSON.parse(init.body)) });
      if (bare === '/api/event/e-1/send_test_email/') return testSend.clone();
      if (bare === '/api/event/email_schedules/')
        return json(200, {
          context: { ...NO_TIMES, isRepeatingEvent: false, seriesId: null, eventTemplateId: null },
          results: [emailSchedule({ email_type: 'Reminder-1d', email_template: 'tpl-1' })],
        });
      if (bare === '/api/event/e-1/total_registrants/')
        return json(200, {
          count: 3,
          by_status: { ...byStatus, REGISTRATION: 1, ATTENDED: 1, CANCELED: 1 },
          results: members,
        });
      if (bare === '/api/event/event-members/') return membersPage(path);
      if (bare === '/api/event/e-1/send_bulk_email/')
        return json(200, { message: 'Queued for all', sent: 2 });
      if (bare === '/api/event/e-1/send_custom_email/') return json(200, { message: 'Emails sent', sent: 1 });
      return undefined;
    },
  });
}

/** Series s-1's template tpl-1 open in the editor, the series holding `registrants` people. */
function openSeriesTemplate(registrants: number) {
  return openStudio('/series/s-1/email/templates?emailTemplateId=tpl-1', {
    user: ada,
    routes: (path, init) => {
      const bare = path.split('?')[0];
      if (bare === '/api/event/series/s-1/') return json(200, meetups);
      if (bare === '/api/event/') return page([]);
      if (bare === TEMPLATES && init.method === 'GET')
        return page([{ ...reminderRow, event: null, series: 's-1' }]);
      if (bare === `${TEMPLATES}tpl-1/`) return json(200, { ...reminder, event: null, series: 's-1' });
      if (bare === '/api/event/series-registrants/') return page([], registrants);
      if (bare === '/api/event/series/s-1/send_bulk_email/')
        return json(200, { message: 'Queued for the series', sent: registrants });
      return undefined;
    },
  });
}

describe('email templates page', () => {
  it("lists the event's templates and duplicates one with the domain's toast", async () => {
    const { fetchMock } = openTemplates();
    const table = await screen.findByRole('table', { name: 'Email templates' }, PAGE_LOAD);
    expect(within(table).getByText('Reminder 1 day before')).toBeTruthy();
    expect(callsTo(fetchMock, TEMPLATES)[0]?.url).toContain('event=e-1');
    await typist().click(screen.getByRole('button', { name: 'Duplicate Reminder' }));
    expect(await screen.findByText(emailTemplateMessages.templateDuplicated)).toBeTruthy();
    expect(callsTo(fetchMock, `${TEMPLATES}tpl-1/duplicate/`)).toHaveLength(1);
  });

  it('says, before a template goes, which scheduled emails send their default instead', async () => {
    const { fetchMock } = openTemplates();
    await typist().click(await screen.findByRole('button', { name: 'Delete Reminder' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(
      'The email template Reminder will be deleted. Reminder 1 day before will send the default template instead.',
    );
    expect(callsTo(fetchMock, '/api/event/email_schedules/')[0]?.url).toContain('event=e-1');
  });

  it('opens a template in the editor, saves the compiled HTML and sends a test', async () => {
    const user = typist();
    const { fetchMock, router } = openTemplates();
    await user.click(await screen.findByRole('button', { name: 'Edit Reminder' }, PAGE_LOAD));
    await screen.findByRole('heading', { name: 'Reminder' });
    expect(router.state.location.searchStr).toBe('?emailTemplateId=tpl-1');
    await user.click(screen.getByRole('button', { name: 'Add block to Email blocks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Check-in QR code', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(emailTemplateMessages.templateUpdated)).toBeTruthy();
    const saved = callsTo(fetchMock, `${TEMPLATES}tpl-1/`).find((call) => call.method === 'PATCH');
    const body = saved?.body as { email_html: string; email_json: { blocks: { type: string }[] } };
    expect(body.email_html).toContain('src="{{ checkin_qrcode }}"');
    expect(body.email_json.blocks.map((block) => block.type)).toEqual([
      'text',
      'text',
      'button',
      'checkin_qrcode',
    ]);

    await user.type(screen.getByRole('textbox', { name: /Send a test to/ }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText(emailTemplateMessages.testEmailsSent)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/send_test_email/')[0]?.body).toEqual({
      email_template: 'tpl-1',
      emails: ['grace@example.com'],
    });
    // The editor's typing and two round trips take more than the default on a loaded machine.
  }, 90_000);

  it("previews an event's template with the event's own facts, in its time zone, and a sample reader", async () => {
    const html =
      '<p>Hello {{ first_name }}, you are registered for {{ event_title }}, {{ event_time }}.</p>' +
      '<p>Location: {{ event_location }}</p>';
    openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1', undefined, {
      event: {
        title: 'Northwind Summit',
        start_time: '2027-01-27T10:00:00Z',
        end_time: '2027-01-27T18:00:00Z',
        timezone: 'Europe/Lisbon',
        location: 'Lisbon Congress Centre',
      },
      stored: { ...reminder, email_html: html, email_json: { version: 1, blocks: [{ type: 'html', html }] } },
    });
    await screen.findByRole('heading', { name: 'Reminder' }, PAGE_LOAD);
    const shown = screen.getByTitle('Email preview').getAttribute('srcdoc') ?? '';
    expect(shown).toContain('Hello Ada, you are registered for Northwind Summit, Jan 27, 2027, 10:00');
    expect(shown).toContain('Location: Lisbon Congress Centre');
    expect(shown).not.toContain('Product Summit');
    expect(screen.getByText(/Event details are this event's/)).toBeTruthy();
  });

  it('says there is nobody to send to yet when no one has registered, beside the disabled Send', async () => {
    const user = typist();
    openSeriesTemplate(0);
    await user.click(await screen.findByRole('button', { name: 'Send to registrants' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Send to registrants' });
    expect(await within(dialog).findByText('Total registrants: 0')).toBeTruthy();
    expect(within(dialog).getByText(NOBODY_TO_SEND_TO)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  it('sends the template to every registrant, their total shown first, or to the ones chosen', async () => {
    const user = typist();
    const { fetchMock } = openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1');
    await user.click(await screen.findByRole('button', { name: 'Send to registrants' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Send to registrants' });
    // Those holding a seat, as the bulk send reaches: not Bob, who cancelled.
    expect(await within(dialog).findByText('Total registrants: 2')).toBeTruthy();
    const listed = new URL(callsTo(fetchMock, '/api/event/event-members/')[0]!.url, 'http://studio.test');
    expect(listed.searchParams.get('event')).toBe('e-1');
    expect(listed.searchParams.get('limit')).toBe('20');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Queued for all')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/send_bulk_email/')[0]?.body).toEqual({
      email_template: 'tpl-1',
    });

    await user.click(screen.getByRole('button', { name: 'Send to registrants' }));
    const again = await screen.findByRole('dialog', { name: 'Send to registrants' });
    await user.click(within(again).getByRole('radio', { name: 'Chosen registrants' }));
    const picker = await within(again).findAllByLabelText('Registrants');
    expect(within(again).getByText(CHOOSE_REGISTRANTS)).toBeTruthy();
    expect(within(again).getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
    await user.click(picker.find((element) => element.tagName === 'INPUT')!);
    const offered = await within(again).findAllByRole('option', { hidden: true });
    expect(offered.map((option) => option.textContent)).toEqual([
      'Grace Hopper (grace@example.com)',
      'Alan Attended (alan@example.com)',
    ]);
    await user.click(await within(again).findByRole('option', { name: /Grace Hopper/, hidden: true }));
    await user.click(within(again).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/e-1/send_custom_email/')[0]?.body).toEqual({
        email_template: 'tpl-1',
        registrants: ['reg-1'],
      }),
    );
  });

  it("says the spec's sentence when a test goes to someone who is not a registered user", async () => {
    const user = typist();
    openTemplates(
      '/events/e-1/email/templates?emailTemplateId=tpl-1',
      json(400, { message: 'No such user', code: NOT_REGISTERED_USER_CODE, errors: {} }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send test email' }, PAGE_LOAD));
    await waitFor(() => expect(screen.getByText(emailTemplateMessages.notRegisteredUser)).toBeTruthy());
  });

  it('checks the test addresses before sending, and says which one is not an email address', async () => {
    const user = typist();
    const { fetchMock } = openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1');
    const field = await screen.findByRole('textbox', { name: /Send a test to/ }, PAGE_LOAD);
    await user.type(field, 'grace@example.com, not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText(emailTemplateMessages.invalidTestAddress('not-an-email'))).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/send_test_email/')).toHaveLength(0);
    expect(screen.queryByText(emailTemplateMessages.testEmailFailed)).toBeNull();
    // Corrected, the error goes and the test is sent.
    await user.clear(field);
    await user.type(field, 'grace@example.com');
    expect(screen.queryByText(emailTemplateMessages.invalidTestAddress('not-an-email'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText(emailTemplateMessages.testEmailsSent)).toBeTruthy();
  });

  it('requires a subject: an empty one is neither saved nor sent in a test', async () => {
    const user = typist();
    const { fetchMock } = openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1');
    const subject = await screen.findByRole('textbox', { name: /Subject/ }, PAGE_LOAD);
    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.fieldRequired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(callsTo(fetchMock, `${TEMPLATES}tpl-1/`).filter((call) => call.method === 'PATCH')).toHaveLength(
      0,
    );
    expect(callsTo(fetchMock, '/api/event/e-1/send_test_email/')).toHaveLength(0);
    expect(screen.queryByText(emailTemplateMessages.templateUpdated)).toBeNull();
  });

  it('sends no test of a template saved without a subject before it was required', async () => {
    const user = typist();
    const { fetchMock } = openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1', undefined, {
      stored: { ...reminder, subject: '' },
    });
    await user.click(await screen.findByRole('button', { name: 'Send test email' }, PAGE_LOAD));
    expect(await screen.findByText(messages.fieldRequired)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/send_test_email/')).toHaveLength(0);
  });

  it('names an entry of several words whole, not by its first word', async () => {
    const user = typist();
    const { fetchMock } = openTemplates('/events/e-1/email/templates?emailTemplateId=tpl-1');
    const field = await screen.findByRole('textbox', { name: /Send a test to/ }, PAGE_LOAD);
    await user.click(field);
    await user.paste('not an email grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText(emailTemplateMessages.invalidTestAddress('not an email'))).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/send_test_email/')).toHaveLength(0);
  });

  it("says the server's own words when it refuses a test email", async () => {
    const user = typist();
    openTemplates(
      '/events/e-1/email/templates?emailTemplateId=tpl-1',
      json(400, { message: 'Invalid email address', code: 'VALIDATION_ERROR', errors: {} }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send test email' }, PAGE_LOAD));
    expect(await screen.findByText('Invalid email address', undefined, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByText(emailTemplateMessages.testEmailFailed)).toBeNull();
  });

  it("says 001's sentence when a test email fails to send", async () => {
    const user = typist();
    openTemplates(
      '/events/e-1/email/templates?emailTemplateId=tpl-1',
      json(502, { message: emailTemplateMessages.sendingTestMailFailed, code: 'SEND_FAILED', errors: {} }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send test email' }, PAGE_LOAD));
    expect(
      await screen.findByText('Something went wrong. Test email failed to send', undefined, PAGE_LOAD),
    ).toBeTruthy();
  });

  it("sends a series' template to all the series' registrants, their total shown first", async () => {
    const user = typist();
    const { fetchMock } = openSeriesTemplate(7);
    await user.click(await screen.findByRole('button', { name: 'Send to registrants' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Send to registrants' });
    expect(await within(dialog).findByText('Total registrants: 7')).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'Chosen registrants' })).toBeNull();
    expect(callsTo(fetchMock, '/api/event/series-registrants/')[0]?.url).toContain('series=s-1');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Queued for the series')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/series/s-1/send_bulk_email/')[0]?.body).toEqual({
      email_template: 'tpl-1',
    });
  });
});
