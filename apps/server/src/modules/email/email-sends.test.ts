import { describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import {
  type ApiError,
  CALENDAR_INVITE_EMAIL_TYPE,
  type EmailDeliveryPage,
  type EmailSendAnswer,
  type EmailTemplate,
  type EmailTemplateListItem,
  defaultEmailTemplateOf,
  emailTemplateMessages,
  EVENT_ROLES,
  type Page,
  SENT_EMAIL_TYPES,
} from '@studio/domain';
import { eventually } from '../../../test/harness.ts';
import { fileMailCatcher, fileStudioWithAdmin, madeBeforeAll } from '../../../test/file-studio.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { speakerDetails } from '../event-roles/event-roles.fixtures.ts';
import { createRegistrationTokens } from '../registration/registration-tokens.ts';
import {
  qrCodeText,
  register,
  registrant,
  registrationEvent,
  registrationsOf,
  setStatus,
} from '../registration/registrants/registrants.fixtures.ts';
import { CHECK_IN_QR_CID } from './email-rendering.ts';
import { createUnsubscribeLinks } from './unsubscribe.ts';

// Addresses starting with "bounce" are refused with a 550 (a synchronous hard bounce).
const catcher = fileMailCatcher({ refuses: (address) => address.startsWith('bounce') });
const { studio, admin, api } = fileStudioWithAdmin('Sends Org', () => ({
  role: 'all',
  smtpUrl: catcher.url,
  jobs: { pollIntervalMs: 50 },
}));
const stranger = madeBeforeAll(async () => caller(studio, (await newAdmin(studio, 'Elsewhere')).access));

const PATH = '/api/event/email_templates/';

/** The event's delivery log of one type, as the studio answers it. */
const logOf = async (eventId: string, emailType: string) =>
  (await api.get<EmailDeliveryPage>(`/api/event/email_deliveries/?event=${eventId}&email_type=${emailType}`))
    .body;

const templateOf = async (eventId: string, html: string, subject = 'News about {{ event_title }}') => {
  const created = await api.post<EmailTemplate>(PATH, {
    event: eventId,
    name: 'News',
    subject,
    email_html: html,
  });
  expect(created.status).toBe(201);
  return created.body.id;
};

describe('sends through templates (002 §7.13a, §8.12)', () => {
  it("registration's confirmation is the event's edited Registration template", async () => {
    const event = await registrationEvent(api);
    const listed = await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${event.id}&limit=100`);
    const confirmation = listed.body.results.find((template) => template.email_type === 'Registration')!;
    const edited = await api.patch(`${PATH}${confirmation.id}/`, {
      subject: 'Welcome aboard {{ first_name }}',
      email_html: '<p>Dear {{ full_name }}, join here: <a href="{{ magic_link }}">your link</a></p>',
    });
    expect(edited.status).toBe(200);
    const person = registrant('Grace');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const mail = await catcher.waitFor(
      (message) => message.envelopeTo.includes(person.email) && message.subject === 'Welcome aboard Grace',
    );
    expect(mail.html).toContain('Dear Grace Parks');
    expect(mail.text).toContain(`/e/${event.id}/enter?token=`);
    expect(mail.calendar).toContain('BEGIN:VEVENT');
    // The event's delivery log holds it, sent (registration emails are logged like scheduled ones).
    await eventually(async () => {
      expect((await logOf(event.id, 'Registration')).results).toEqual([
        expect.objectContaining({
          recipient: person.email.toLowerCase(),
          status: 'sent',
          email_type: 'Registration',
        }),
      ]);
    });
  });

  it('a recording takes registrations at any time; its confirmation carries no calendar entry', async () => {
    // As the studio creates one: no schedule, its creation time stored as its start and end.
    const recording = await api.post<{ id: string }>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
    });
    expect(recording.status).toBe(201);
    const person = registrant('Rosa');
    expect((await register(studio, recording.body.id, person)).status).toBe(201);
    const mail = await catcher.waitFor((message) => message.envelopeTo.includes(person.email));
    expect(mail.text).toContain(`/e/${recording.body.id}/enter?token=`);
    expect(mail.calendar).toBe('');
  });

  it("a confirmation whose stored template lost its subject leaves with its type's default subject", async () => {
    const event = await registrationEvent(api);
    const listed = await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${event.id}&limit=100`);
    const confirmation = listed.body.results.find((template) => template.email_type === 'Registration')!;
    // Emptied as templates saved before the subject was required are.
    await studio.database.db
      .updateTable('email_templates')
      .set({ subject: ' ' })
      .where('id', '=', confirmation.id)
      .execute();
    const person = registrant('Ida');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const subject = defaultEmailTemplateOf('Registration')!.subject.replace('{{ event_title }}', event.title);
    const mail = await catcher.waitFor((message) => message.envelopeTo.includes(person.email));
    expect(mail.subject).toBe(subject);
  });

  it("the confirmation's .ics is the event's entry: a reschedule's update keeps its UID with a higher SEQUENCE", async () => {
    const event = await registrationEvent(api);
    const person = registrant('Hedy');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const confirmation = await catcher.waitFor(
      (message) => message.envelopeTo.includes(person.email) && message.calendar.includes('BEGIN:VEVENT'),
    );
    const uid = /UID:(.+)/.exec(confirmation.calendar)![1]!.trim();
    expect(uid).toBe(`${event.id}@event-studio`);
    expect(confirmation.calendar).toContain('METHOD:REQUEST');
    expect(confirmation.calendar).toContain('SEQUENCE:0');
    const start = new Date(Date.now() + 9 * 86_400_000);
    const since = catcher.messages.length;
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    // The reschedule sends the update by itself.
    const update = await catcher.nextTo(person.email, since);
    expect(update.calendar).toContain(`UID:${uid}`);
    expect(update.calendar).toContain('SEQUENCE:1');
    expect(update.calendar).toContain('METHOD:REQUEST');
    // The update is filed in the event's delivery log like every other message, settled as sent.
    await eventually(async () =>
      expect((await logOf(event.id, CALENDAR_INVITE_EMAIL_TYPE)).results).toEqual([
        expect.objectContaining({ recipient: person.email.toLowerCase(), status: 'sent' }),
      ]),
    );
  });

  it("a cancelled registration withdraws the confirmation's entry: same UID, METHOD:CANCEL, logged", async () => {
    const event = await registrationEvent(api);
    const person = registrant('Iris');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await catcher.waitFor(
      (message) => message.envelopeTo.includes(person.email) && message.calendar.includes('METHOD:REQUEST'),
    );
    const registrationId = (await registrationsOf(studio, event.id)).get(person.email)!.id;
    expect((await setStatus(api, registrationId, 'CANCELED')).status).toBe(200);
    const cancellation = await catcher.waitFor(
      (message) => message.envelopeTo.includes(person.email) && message.calendar.includes('METHOD:CANCEL'),
    );
    expect(cancellation.subject).toBe(`Your registration for ${event.title} is canceled`);
    expect(cancellation.calendar).toContain(`UID:${event.id}@event-studio`);
    expect(cancellation.calendar).toContain('STATUS:CANCELLED');
    await eventually(async () =>
      expect((await logOf(event.id, 'Canceled')).results).toEqual([
        expect.objectContaining({ recipient: person.email, status: 'sent' }),
      ]),
    );
  });

  it('a test email goes to the signed-in organiser; an unknown address is refused (does_not_exist)', async () => {
    const event = await registrationEvent(api);
    const templateId = await templateOf(
      event.id,
      '<p>Hello {{ first_name }}, about {{ event_title }}.</p><p><a href="{{ magic_link }}">Join</a> <a href="{{ cancel_link }}">Cancel</a></p>',
    );
    const since = catcher.messages.length;
    const sent = await api.post<EmailSendAnswer>(`/api/event/${event.id}/send_test_email/`, {
      email_template: templateId,
    });
    expect(sent).toMatchObject({
      status: 200,
      body: { message: emailTemplateMessages.testEmailsSent, sent: 1 },
    });
    const mail = await catcher.nextTo(admin.user.email, since);
    expect(mail.subject).toBe(`News about ${event.title}`);
    // The organiser holds no registration: the links open the event's public page, never nothing.
    expect(mail.html).toContain(`<a href="http://localhost:8081/e/${event.id}">Join</a>`);
    expect(mail.html).toContain(`<a href="http://localhost:8081/e/${event.id}">Cancel</a>`);
    // Filed in the event's delivery log as a test email, settled before the answer.
    expect((await logOf(event.id, SENT_EMAIL_TYPES.test)).results).toEqual([
      expect.objectContaining({ recipient: admin.user.email.toLowerCase(), status: 'sent' }),
    ]);

    const refused = await api.post<ApiError>(`/api/event/${event.id}/send_test_email/`, {
      email_template: templateId,
      emails: ['nobody-here@example.com'],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'does_not_exist',
        message: 'Emails must be sent to a registered user. Please try again.',
      },
    });
    const elsewhere = await stranger.post(`/api/event/${event.id}/send_test_email/`, {
      email_template: templateId,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('sends no test, custom or bulk email of a template saved without a subject: 400 on its field', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Nell');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const registrationId = (await registrationsOf(studio, event.id)).get(person.email)!.id;
    // Her confirmation leaves after the register call answers: it is counted before the sends.
    await catcher.waitFor((message) => message.envelopeTo.includes(person.email));
    const templateId = await templateOf(event.id, '<p>Hello {{ first_name }}</p>');
    // Emptied as templates saved before the subject was required are.
    await studio.database.db
      .updateTable('email_templates')
      .set({ subject: '  ' })
      .where('id', '=', templateId)
      .execute();
    const since = catcher.messages.length;
    const sends = [
      ['send_test_email', {}],
      ['send_custom_email', { registrants: [registrationId] }],
      ['send_bulk_email', {}],
    ] as const;
    for (const [path, body] of sends) {
      const refused = await api.post<ApiError>(`/api/event/${event.id}/${path}/`, {
        email_template: templateId,
        ...body,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        message: emailTemplateMessages.subjectMissing,
        errors: { email_template: [emailTemplateMessages.subjectMissing] },
      });
    }
    expect(catcher.messages.slice(since)).toEqual([]);
    expect((await logOf(event.id, SENT_EMAIL_TYPES.test)).results).toEqual([]);
  });

  it('a custom email to a registrant parses as MIME with text and HTML, escaped values and a CID QR code', async () => {
    const event = await registrationEvent(api, {}, { host_type: 'In_Person', location: 'Hall <A> & B' });
    const person = { ...registrant('Ada'), first_name: '<b>Ada</b> & "Co"' };
    expect((await register(studio, event.id, person)).status).toBe(201);
    const registrationId = (await registrationsOf(studio, event.id)).get(person.email)!.id;
    const templateId = await templateOf(
      event.id,
      '<p>Hi {{ first_name }}, see you at {{ event_location }} on {{ event_start }}.</p>' +
        '<p><a href="{{ magic_link }}">Join</a> · <a href="{{ unsubscribe_link }}">Unsubscribe</a></p>' +
        '{% if checkin_qrcode %}<img src="{{ checkin_qrcode }}" alt="Check-in">{% endif %}',
      'For {{ first_name }}',
    );
    const since = catcher.messages.length;
    const sent = await api.post<EmailSendAnswer>(`/api/event/${event.id}/send_custom_email/`, {
      email_template: templateId,
      registrants: [registrationId],
    });
    expect(sent).toMatchObject({ status: 200, body: { sent: 1 } });
    const mail = await catcher.waitFor(
      (message) =>
        catcher.messages.indexOf(message) >= since &&
        message.envelopeTo.includes(person.email) &&
        message.subject.startsWith('For '),
    );
    await eventually(async () =>
      expect((await logOf(event.id, SENT_EMAIL_TYPES.custom)).results).toEqual([
        expect.objectContaining({ recipient: person.email, status: 'sent' }),
      ]),
    );
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe('For <b>Ada</b> & "Co"');
    expect(parsed.html).toContain('Hi &lt;b&gt;Ada&lt;/b&gt; &amp; &#34;Co&#34;');
    expect(parsed.html).toContain('Hall &lt;A&gt; &amp; B');
    expect(parsed.html).not.toContain('<b>Ada</b>');
    expect(parsed.text).toContain('Hi <b>Ada</b> & "Co", see you at Hall <A> & B');
    expect(parsed.text).toContain(`/e/${event.id}/enter?token=`);
    // As sent, the image is the CID part (mailparser's own html inlines it as a data URL).
    expect(mail.html).toContain(`src="cid:${CHECK_IN_QR_CID}"`);
    const image = parsed.attachments.find((attachment) => attachment.cid === CHECK_IN_QR_CID)!;
    expect(image.contentType).toBe('image/png');
    expect(await qrCodeText(image.content)).toBe(
      createRegistrationTokens(studio.secretKey).tokenFor('ci', event.id, registrationId),
    );

    const unsubscribe = new URL(
      /href="([^"]*\/api\/email\/unsubscribe\/[^"]+)"/.exec(parsed.html || '')![1]!,
    );
    const page = await studio.app.inject({ method: 'GET', url: unsubscribe.pathname + unsubscribe.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(person.email);
    // The same link in the headers, for the mailbox's own one-click Unsubscribe (RFC 8058).
    const headers = mail.raw
      .toString()
      .split('\r\n\r\n')[0]!
      .replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${unsubscribe.href}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = await studio.app.inject({
      method: 'POST',
      url: unsubscribe.pathname + unsubscribe.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const suppressed = await sql<{ email: string }>`select email from email_suppressions
      where organization_id = ${admin.organization.id}`.execute(studio.database.db);
    expect(suppressed.rows.map((row) => row.email)).toContain(person.email.toLowerCase());
  });

  it('a bulk email reaches every registrant holding a seat, except one who unsubscribed', async () => {
    const event = await registrationEvent(api);
    const people = [registrant('Lin'), registrant('Kai'), registrant('Noa')];
    for (const person of people) expect((await register(studio, event.id, person)).status).toBe(201);
    const unsubscribed = people[2]!;
    const links = createUnsubscribeLinks(studio.secretKey, 'http://localhost:8080');
    const link = new URL(links.urlFor(admin.organization.id, unsubscribed.email));
    const left = await studio.app.inject({ method: 'POST', url: link.pathname + link.search });
    expect(left.statusCode).toBe(200);
    const templateId = await templateOf(
      event.id,
      '<p>Doors open soon, {{ first_name }}.</p><p><a href="{{ cancel_link }}">Cancel</a></p>' +
        '{% if checkin_qrcode %}<img src="{{ checkin_qrcode }}" alt="Check-in">{% endif %}',
      'Doors open',
    );
    const registrations = await registrationsOf(studio, event.id);
    const tokens = createRegistrationTokens(studio.secretKey);
    const sent = await api.post<EmailSendAnswer>(`/api/event/${event.id}/send_bulk_email/`, {
      email_template: templateId,
    });
    expect(sent).toMatchObject({ status: 200, body: { sent: 3 } });
    for (const person of people.slice(0, 2)) {
      const mail = await catcher.waitFor(
        (message) => message.envelopeTo.includes(person.email) && message.subject === 'Doors open',
      );
      expect(mail.text).toContain(`Doors open soon, ${person.first_name}.`);
      // Each carries the registrant's own cancel link; a virtual event has no check-in code to show.
      const registrationId = registrations.get(person.email)!.id;
      expect(mail.html).toContain(
        `/e/${event.id}/cancel?token=${encodeURIComponent(tokens.tokenFor('cancel', event.id, registrationId))}`,
      );
      expect(mail.html).not.toContain('cid:');
    }
    // Once the send's job is done, the unsubscribed registrant has had nothing.
    await eventually(async () => {
      const { rows } = await sql<{ open: number }>`select count(*)::int as open from pgboss.job
        where name = 'email.registrants' and state not in ('completed', 'failed')`.execute(
        studio.database.db,
      );
      expect(rows[0]!.open).toBe(0);
    });
    expect(
      catcher.messages.some(
        (message) => message.envelopeTo.includes(unsubscribed.email) && message.subject === 'Doors open',
      ),
    ).toBe(false);
    // Each of them is in the event's log as a bulk email: the two sent, the unsubscribed one suppressed.
    const log = await logOf(event.id, SENT_EMAIL_TYPES.bulk);
    expect(Object.fromEntries(log.results.map((entry) => [entry.recipient, entry.status]))).toEqual({
      [people[0]!.email]: 'sent',
      [people[1]!.email]: 'sent',
      [unsubscribed.email]: 'suppressed',
    });
    const otherTemplate = await stranger.post(`/api/event/${event.id}/send_bulk_email/`, {
      email_template: templateId,
    });
    expect(otherTemplate.status).toBe(404);
  });

  it("a series' bulk email reaches the registrants of its events, each address once", async () => {
    const [first, second] = [await registrationEvent(api), await registrationEvent(api)];
    const both = registrant('Ona');
    const one = registrant('Pia');
    for (const eventId of [first.id, second.id])
      expect((await register(studio, eventId, both)).status).toBe(201);
    expect((await register(studio, second.id, one)).status).toBe(201);
    const series = await api.post<{ id: string }>('/api/event/series/', {
      name: 'Meetups',
      events: [first.id, second.id],
    });
    expect(series.status).toBe(201);
    const template = await api.post<EmailTemplate>(PATH, {
      series: series.body.id,
      name: 'Series news',
      subject: 'Series news for {{ first_name }}',
      email_html: '<p>News about {{ event_title }}.</p>',
    });
    expect(template.status).toBe(201);
    const sent = await api.post<EmailSendAnswer>(`/api/event/series/${series.body.id}/send_bulk_email/`, {
      email_template: template.body.id,
    });
    expect(sent).toMatchObject({
      status: 200,
      body: { message: emailTemplateMessages.bulkEmailQueued, sent: 2 },
    });
    const news = (email: string) =>
      catcher.messages.filter(
        (message) => message.envelopeTo.includes(email) && message.subject.startsWith('Series news'),
      );
    // Filed in the log of the event each person's message was rendered for (their registration's).
    const logged = async () => {
      const entries = new Map<string, { eventId: string; status: string }>();
      for (const event of [first, second])
        for (const entry of (await logOf(event.id, SENT_EMAIL_TYPES.bulk)).results)
          entries.set(entry.recipient, { eventId: event.id, status: entry.status });
      return entries;
    };
    await eventually(async () => {
      const entries = await logOf(first.id, SENT_EMAIL_TYPES.bulk);
      const more = await logOf(second.id, SENT_EMAIL_TYPES.bulk);
      expect(entries.count + more.count).toBe(2);
      expect([...entries.results, ...more.results].every((entry) => entry.status === 'sent')).toBe(true);
    });
    const byRecipient = await logged();
    expect(byRecipient.get(one.email)?.eventId).toBe(second.id);
    expect(news(both.email)).toHaveLength(1);
    expect(news(one.email)).toHaveLength(1);
    const titleOf = (eventId: string) => (eventId === first.id ? first.title : second.title);
    expect(news(both.email)[0]!.text).toContain(
      `News about ${titleOf(byRecipient.get(both.email)!.eventId)}.`,
    );
    expect(news(one.email)[0]!.text).toContain(`News about ${second.title}.`);
    const elsewhere = await stranger.post(`/api/event/series/${series.body.id}/send_bulk_email/`, {
      email_template: template.body.id,
    });
    expect(elsewhere.status).toBe(404);
  });

  it("a speaker's invitation is filed in the event's delivery log as SpkInvite", async () => {
    const event = await registrationEvent(api);
    const speaker = speakerDetails('Ida');
    const added = await api.post('/api/event/event-roles/', {
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speaker,
      send_email_invite: true,
    });
    expect(added.status).toBe(201);
    await catcher.waitFor((message) => message.envelopeTo.includes(speaker.email));
    await eventually(async () =>
      expect((await logOf(event.id, 'SpkInvite')).results).toEqual([
        expect.objectContaining({ recipient: speaker.email, status: 'sent' }),
      ]),
    );
  });

  it('a confirmation refused with a 5xx bounces the address onto the suppression list; nothing more is sent to it', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Bounce');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await eventually(async () => {
      const [confirmation, ...others] = (await logOf(event.id, 'Registration')).results;
      expect(others).toEqual([]);
      expect(confirmation).toMatchObject({ recipient: person.email, status: 'bounced' });
      expect(confirmation!.reason).toContain('550');
    });
    const suppressed = await studio.database.db
      .selectFrom('email_suppressions')
      .select(['organization_id', 'reason'])
      .where('email', '=', person.email)
      .execute();
    expect(suppressed).toEqual([{ organization_id: admin.organization.id, reason: 'bounced' }]);
    // The bounced confirmation is done with (not retried): its job completed on its first try.
    const registrationId = (await registrationsOf(studio, event.id)).get(person.email)!.id;
    await eventually(async () => {
      const { rows } = await sql<{ state: string; retry_count: number }>`select state, retry_count
        from pgboss.job where name = 'registration.mail' and data->>'registrationId' = ${registrationId}`.execute(
        studio.database.db,
      );
      expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
    });
    expect((await logOf(event.id, 'Registration')).count).toBe(1);
    // Registering for another event of the organisation: the confirmation is not sent, logged suppressed.
    const other = await registrationEvent(api);
    expect((await register(studio, other.id, person)).status).toBe(201);
    await eventually(async () =>
      expect((await logOf(other.id, 'Registration')).results).toEqual([
        expect.objectContaining({ recipient: person.email, status: 'suppressed' }),
      ]),
    );
  });

  it('an unsubscribe link is signed: a forged one answers 400', async () => {
    const links = createUnsubscribeLinks(studio.secretKey, 'http://localhost:8080');
    const url = new URL(links.urlFor(admin.organization.id, 'Someone@Example.com'));
    expect(links.read(url.searchParams.get('token')!)).toEqual({
      organizationId: admin.organization.id,
      email: 'someone@example.com',
    });
    const forged = url.searchParams.get('token')!.replace(/\.[^.]+$/, '.forged');
    const answer = await studio.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe/?token=${forged}`,
    });
    expect(answer.statusCode).toBe(400);
  });
});
