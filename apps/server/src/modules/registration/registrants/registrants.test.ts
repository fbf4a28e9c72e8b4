import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  type EmailDelivery,
  type EmailScheduleList,
  type EventMember,
  type Page,
  formAnswerMessages,
  MAX_RE_REGISTRATIONS,
  registrationMessages,
  REGISTER_RATE_LIMIT_PER_MINUTE,
} from '@studio/domain';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { eventually } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller } from '../../back-office/back-office.fixtures.ts';
import { createRegistrationTokens } from '../registration-tokens.ts';
import { CHECK_IN_QR_CID, CHECK_IN_TEXT_FALLBACK } from '../../email/email-rendering.ts';
import {
  memberByEmail,
  nextAddress,
  qrCodeText,
  register,
  registrant,
  registrationEvent,
  registrationsOf,
  setStatus,
  storedFormId,
} from './registrants.fixtures.ts';
import { newForm } from '../forms/forms.fixtures.ts';

const catcher = fileMailCatcher();
const { studio, admin, api } = fileStudioWithAdmin('Registration Org', () => ({
  role: 'all',
  smtpUrl: catcher.url,
  jobs: { pollIntervalMs: 50 },
}));

/** The event's members list, as each one's status and whether they await approval, by email. */
const waitingOf = async (eventId: string) =>
  Object.fromEntries(
    (await api.get<Page<EventMember>>(`/api/event/event-members/?event=${eventId}`)).body.results.map(
      (member) => [member.email, [member.event_user_status, member.awaiting_approval]],
    ),
  );
/** The states of the event's registration mail jobs. */
const mailJobStates = async (eventId: string) =>
  (
    await sql<{ state: string }>`select state from pgboss.job
      where name = 'registration.mail' and data->>'eventId' = ${eventId}`.execute(studio.database.db)
  ).rows.map((row) => row.state);
const mailTo = (email: string, subject: string) =>
  catcher.waitFor((mail) => mail.envelopeTo.includes(email) && mail.subject.includes(subject));

describe('register (002 §8.11)', () => {
  it('registers a person with a confirmation: magic link, cancel link, .ics and a check-in QR code', async () => {
    const event = await registrationEvent(api, {}, { host_type: 'In_Person' });
    const person = registrant('Ada');
    const answer = await register(studio, event.id, { ...person, timezone: 'Europe/Paris' });
    expect(answer).toMatchObject({
      status: 201,
      body: { event: event.id, event_user_status: 'REGISTRATION', awaiting_approval: false },
    });
    const row = (await registrationsOf(studio, event.id)).get(person.email)!;
    const mail = await mailTo(person.email, 'You are registered');
    expect(mail.text).toContain(`/e/${event.id}/enter?token=`);
    expect(mail.text).toContain(`/e/${event.id}/cancel?token=`);
    expect(mail.calendar).toContain('BEGIN:VEVENT');
    expect(mail.calendar).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    // Like the event's download: its public page as URL and in the description; no reply asked
    // of a no-reply organizer; never the registrant's own link.
    const calendar = mail.calendar.replace(/\r\n[ \t]/g, '');
    expect(calendar).toMatch(new RegExp(`^URL:https?://\\S+/e/${event.id}\r?$`, 'm'));
    expect(calendar).toMatch(new RegExp(`^DESCRIPTION:.*https?://\\S+/e/${event.id}\r?$`, 'm'));
    expect(calendar).toContain(';RSVP=FALSE:mailto:');
    expect(calendar).not.toContain('token=');
    expect(mail.html).toContain(`cid:${CHECK_IN_QR_CID}`);
    expect(mail.text).toContain(CHECK_IN_TEXT_FALLBACK);
    const image = mail.images.find((entry) => entry.cid === CHECK_IN_QR_CID)!;
    expect(image.type).toBe('image/png');
    const code = await qrCodeText(image.content);
    const tokens = createRegistrationTokens(studio.secretKey);
    expect(code).toBe(tokens.tokenFor('ci', event.id, row.id));
    expect(tokens.read('ci', code!)).toEqual({ eventId: event.id, subjectId: row.id });
  });

  it('a virtual event has no check-in code; registering again re-sends the confirmation, then refuses', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Alan');
    expect((await register(studio, event.id, person)).status).toBe(201);
    const first = await mailTo(person.email, 'You are registered');
    expect(first.images).toEqual([]);
    for (let again = 1; again <= MAX_RE_REGISTRATIONS; again += 1) {
      const answer = await register(studio, event.id, person);
      expect(answer).toMatchObject({ status: 409, body: { code: 'USER_ALREADY_IN_EVENT' } });
    }
    await catcher.waitFor(
      () =>
        catcher.messages.filter((mail) => mail.envelopeTo.includes(person.email)).length ===
        MAX_RE_REGISTRATIONS + 1,
    );
    const last = await register(studio, event.id, person);
    expect(last).toMatchObject({ status: 409, body: { code: 'MAX_RE_REGISTRATION_LIMIT_REACHED' } });
  });

  it("sends no confirmation while the schedule's Registration switch is off, and sends them once it is on", async () => {
    const event = await registrationEvent(api);
    const list = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`);
    const confirmation = list.body.results.find((schedule) => schedule.email_type === 'Registration')!;
    const switchTo = async (active: boolean) =>
      expect((await api.patch(`/api/event/email_schedules/${confirmation.id}/`, { active })).status).toBe(
        200,
      );
    await switchTo(false);
    const quiet = registrant('Quiet');
    expect((await register(studio, event.id, quiet)).status).toBe(201);
    // Its job ran (and left nothing in the delivery log, nor in registration's mail log).
    await eventually(async () => expect(await mailJobStates(event.id)).toEqual(['completed']));
    expect(catcher.messages.filter((mail) => mail.envelopeTo.includes(quiet.email))).toEqual([]);
    const log = await api.get<Page<EmailDelivery>>(`/api/event/email_deliveries/?event=${event.id}`);
    expect(log.body.results.filter((delivery) => delivery.recipient === quiet.email)).toEqual([]);

    await switchTo(true);
    const heard = registrant('Heard');
    expect((await register(studio, event.id, heard)).status).toBe(201);
    await mailTo(heard.email, 'You are registered');
    // Registering again asks for the confirmation again: now it goes.
    expect((await register(studio, event.id, quiet)).status).toBe(409);
    await mailTo(quiet.email, 'You are registered');
  });

  it('answers 400 with field errors, 404 for an unknown event, REGISTRATION_CLOSED for a past one', async () => {
    const event = await registrationEvent(api);
    const bad = await register(studio, event.id, { email: 'not-an-email', first_name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { email: expect.any(Array) as unknown },
    });
    expect((await register(studio, '00000000-0000-4000-8000-000000000000', registrant())).status).toBe(404);
    expect((await register(studio, 'nope', registrant())).status).toBe(404);
    const past = await registrationEvent(
      api,
      {},
      { start: '2020-01-01T10:00:00Z', end: '2020-01-01T11:00:00Z' },
    );
    expect(await register(studio, past.id, registrant())).toMatchObject({
      status: 409,
      body: { code: 'REGISTRATION_CLOSED' },
    });
    const blueprint = await registrationEvent(api, { is_blueprint: true });
    expect((await register(studio, blueprint.id, registrant())).body.code).toBe('REGISTRATION_CLOSED');
  });

  it('is rate-limited per client address (TOO_MANY_REQUESTS)', async () => {
    const event = await registrationEvent(api);
    const address = nextAddress();
    for (let call = 0; call < REGISTER_RATE_LIMIT_PER_MINUTE; call += 1)
      expect((await register(studio, event.id, { email: 'bad' }, address)).status).toBe(400);
    expect(await register(studio, event.id, registrant(), address)).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS' },
    });
    expect((await register(studio, event.id, registrant())).status).toBe(201);
  });

  it('refuses a blocked person (USER_BLOCKED_FROM_EVENT)', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Blocked');
    await register(studio, event.id, person);
    const row = (await registrationsOf(studio, event.id)).get(person.email)!;
    await studio.database.db
      .updateTable('event_registrations')
      .set({ is_blocked: true })
      .where('event_role_id', '=', row.id)
      .execute();
    expect((await register(studio, event.id, person)).body.code).toBe('USER_BLOCKED_FROM_EVENT');
  });

  it('one-click registers a known person when the organisation has it', async () => {
    const event = await registrationEvent(api);
    const known = await studio.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('organization_id', '=', admin.organization.id)
      .executeTakeFirstOrThrow();
    const token = createRegistrationTokens(studio.secretKey).tokenFor(
      'oneclick',
      admin.organization.id,
      known.id,
    );
    expect((await register(studio, event.id, { one_click: token })).status).toBe(400);
    await studio.database.db
      .updateTable('organizations')
      .set({ feature_flags: JSON.stringify({ isOneClickRegisterEnabled: true }) })
      .where('id', '=', admin.organization.id)
      .execute();
    const answer = await register(studio, event.id, { one_click: token });
    expect(answer).toMatchObject({ status: 201, body: { event_user_status: 'REGISTRATION' } });
    expect((await registrationsOf(studio, event.id)).get(known.email)?.status).toBe('REGISTRATION');
    expect((await register(studio, event.id, { one_click: `${token}x` })).status).toBe(400);
  });
});

describe('capacity and waitlist', () => {
  it('without a waitlist a full event answers REGISTRATION_LIMIT_REACHED and leaves nobody behind', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1 });
    expect((await register(studio, event.id, registrant())).status).toBe(201);
    const person = registrant('Late');
    expect(await register(studio, event.id, person)).toMatchObject({
      status: 409,
      body: { code: 'REGISTRATION_LIMIT_REACHED' },
    });
    const users = await studio.database.db.selectFrom('users').where('email', '=', person.email).execute();
    expect(users).toEqual([]);
  });

  it('promotes the first of the waitlist on cancel, reject and a raised capacity, each with an email', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const people = [registrant('First'), registrant('Second'), registrant('Third'), registrant('Fourth')];
    for (const person of people) await register(studio, event.id, person);
    const waitlisted = await register(studio, event.id, registrant('Fifth'));
    expect(waitlisted.body).toMatchObject({ event_user_status: 'WAITLISTED', awaiting_approval: false });
    await mailTo(people[1]!.email, 'You are on the waitlist');
    expect((await register(studio, event.id, people[1]!)).body.code).toBe(
      'USER_ALREADY_WAITLISTED_FOR_EVENT',
    );
    const ids = await registrationsOf(studio, event.id);
    const idOf = (index: number) => ids.get(people[index]!.email)!.id;

    const canceled = await setStatus(api, idOf(0), 'CANCELED');
    expect(canceled).toMatchObject({ status: 200, body: { event_user_status: 'CANCELED' } });
    expect((await registrationsOf(studio, event.id)).get(people[1]!.email)?.status).toBe('REGISTRATION');
    await mailTo(people[1]!.email, 'A seat freed up');
    expect((await register(studio, event.id, people[0]!)).body.code).toBe('USER_ALREADY_CANCELED_FOR_EVENT');

    expect((await setStatus(api, idOf(1), 'REJECTED')).status).toBe(200);
    expect((await registrationsOf(studio, event.id)).get(people[2]!.email)?.status).toBe('REGISTRATION');
    await mailTo(people[1]!.email, 'Your registration for');
    expect((await register(studio, event.id, people[1]!)).body.code).toBe('USER_ALREADY_REJECTED_FOR_EVENT');

    const raised = await api.patch(`/api/event/${event.id}/registration_settings/`, {
      registration_capacity: 2,
    });
    expect(raised.status).toBe(200);
    expect((await registrationsOf(studio, event.id)).get(people[3]!.email)?.status).toBe('REGISTRATION');
    await mailTo(people[3]!.email, 'A seat freed up');
    // A promotion to a full event is refused.
    const full = await setStatus(api, ids.get(people[0]!.email)!.id, 'REGISTRATION');
    expect(full).toMatchObject({ status: 409, body: { code: 'REGISTRATION_LIMIT_REACHED' } });
  });

  it('totals every status of the event, 0 for those nobody holds', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const [seated, waiting] = [registrant('Seated'), registrant('Waiting')];
    await register(studio, event.id, seated);
    await register(studio, event.id, waiting);
    // Waitlisted for a seat, not for approval.
    expect(await waitingOf(event.id)).toEqual({
      [seated.email]: ['REGISTRATION', false],
      [waiting.email]: ['WAITLISTED', false],
    });
    const totals = await api.get<{ count: number; by_status: Record<string, number> }>(
      `/api/event/${event.id}/total_registrants/?limit=20`,
    );
    expect(totals.status).toBe(200);
    expect(totals.body.count).toBe(2);
    expect(totals.body.by_status).toEqual({
      REGISTRATION: 1,
      ATTENDED: 0,
      EVENT_NO_SHOW: 0,
      WAITLISTED: 1,
      REJECTED: 0,
      CANCELED: 0,
    });
  });

  it('approval mode: registrations wait until approved (capacity checked) or rejected; never auto-promoted', async () => {
    const event = await registrationEvent(api, {
      registration_capacity: 1,
      waitlist_enabled: true,
      registration_approval_required: true,
    });
    const [a, b] = [registrant('Asking'), registrant('Waiting')];
    for (const person of [a, b])
      expect((await register(studio, event.id, person)).body).toMatchObject({
        event_user_status: 'WAITLISTED',
        awaiting_approval: true,
        message: expect.stringContaining('review') as unknown,
      });
    const ids = await registrationsOf(studio, event.id);
    expect((await setStatus(api, ids.get(a.email)!.id, 'REGISTRATION')).body.event_user_status).toBe(
      'REGISTRATION',
    );
    await mailTo(a.email, 'is approved');
    expect((await setStatus(api, ids.get(b.email)!.id, 'REGISTRATION')).status).toBe(409);
    expect((await setStatus(api, ids.get(a.email)!.id, 'CANCELED')).status).toBe(200);
    expect((await registrationsOf(studio, event.id)).get(b.email)?.status).toBe('WAITLISTED');
    // The members list tells the one awaiting approval from a seat's waitlist.
    expect(await waitingOf(event.id)).toEqual({
      [a.email]: ['CANCELED', false],
      [b.email]: ['WAITLISTED', true],
    });
  });
});

describe('studio moderation', () => {
  it('adds a registrant by hand in a job (202) and answers 404 for another organisation', async () => {
    const event = await registrationEvent(api);
    const person = registrant('ByHand');
    const added = await api.post(`/api/event/event-members/`, { event: event.id, ...person });
    expect(added).toMatchObject({ status: 202, body: { message: registrationMessages.registeredByHand } });
    await mailTo(person.email, 'You are registered');
    const row = (await registrationsOf(studio, event.id)).get(person.email)!;
    expect(row.status).toBe('REGISTRATION');

    const outsider = caller(studio, (await newAdmin(studio, 'Outsider Org')).access);
    expect((await setStatus(outsider, row.id, 'CANCELED')).status).toBe(404);
    expect(
      (await outsider.post(`/api/event/event-members/`, { event: event.id, ...registrant() })).status,
    ).toBe(404);
    expect((await setStatus(api, row.id, 'ATTENDED')).body).toMatchObject({
      event_user_status: 'ATTENDED',
      checked_in_at: expect.any(String) as unknown,
      events: [{ id: event.id, title: event.title }],
    });
  });

  it("registers by hand with the event's form answers (form_id), checked as the attendee's own", async () => {
    const event = await registrationEvent(api);
    const form = await newForm(
      api,
      'Hand form',
      [
        { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
        { type: 'checkbox', key: 'newsletter', label: 'Newsletter' },
      ],
      event.id,
    );
    const person = registrant('Answered');
    const added = await api.post(`/api/event/event-members/`, {
      event: event.id,
      form_id: form.id,
      ...person,
      answers: { job: ' Chef ', newsletter: true },
    });
    expect(added).toMatchObject({ status: 202, body: { message: registrationMessages.registeredByHand } });
    await mailTo(person.email, 'You are registered');
    // Stored as the attendee's own registration stores the same answers.
    const self = registrant('Selfie');
    expect((await register(studio, event.id, { ...self, job: ' Chef ', newsletter: true })).status).toBe(201);
    const byHand = await memberByEmail(api, event.id, person.email);
    expect(byHand.answers).toEqual({ job: 'Chef', newsletter: true });
    expect(byHand.answers).toEqual((await memberByEmail(api, event.id, self.email)).answers);
    expect(await storedFormId(studio, byHand.id)).toBe(form.id);

    const missing = registrant('NoJob');
    expect(
      await api.post(`/api/event/event-members/`, {
        event: event.id,
        form_id: form.id,
        ...missing,
        answers: { newsletter: 'yes' },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        errors: {
          'answers.job': [formAnswerMessages.required],
          'answers.newsletter': [formAnswerMessages.tick],
        },
      },
    });
    // Without form_id the event's form is asked all the same.
    expect(await api.post(`/api/event/event-members/`, { event: event.id, ...missing })).toMatchObject({
      status: 400,
      body: { errors: { 'answers.job': [formAnswerMessages.required] } },
    });
    const outsider = caller(studio, (await newAdmin(studio, 'Form Outsider Org')).access);
    const theirs = await newForm(outsider, 'Their form', [
      { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
    ]);
    expect(
      (
        await api.post(`/api/event/event-members/`, {
          event: event.id,
          form_id: theirs.id,
          ...missing,
          answers: { job: 'Spy' },
        })
      ).status,
    ).toBe(404);
    expect((await registrationsOf(studio, event.id)).has(missing.email)).toBe(false);
  });

  it('calendar invitations for attendees only reach the registrants holding a seat', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const [seated, waiting] = [registrant('Seated'), registrant('Waiting')];
    await register(studio, event.id, seated);
    await register(studio, event.id, waiting);
    const sent = await api.post<{ recipients: number }>(`/api/event/${event.id}/send_calendar_invites/`, {
      only_attendees: true,
    });
    expect(sent.body).toMatchObject({ recipients: 1 });
  });

  it('a form field keyed company or title fills the person’s profile as well as the answer', async () => {
    const event = await registrationEvent(api);
    await newForm(
      api,
      'Profile form',
      [
        { type: 'textfield', key: 'company', label: 'Company' },
        { type: 'textfield', key: 'title', label: 'Title' },
      ],
      event.id,
    );
    const person = registrant('Profiled');
    expect((await register(studio, event.id, { ...person, company: ' Acme ', title: 'CTO' })).status).toBe(
      201,
    );
    expect(await memberByEmail(api, event.id, person.email)).toMatchObject({ company: 'Acme', title: 'CTO' });
  });

  it('deleting an event removes its registrations', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Gone');
    await register(studio, event.id, person);
    expect((await registrationsOf(studio, event.id)).size).toBe(1);
    expect((await api.delete(`/api/event/${event.id}/`)).status).toBe(204);
    expect((await registrationsOf(studio, event.id)).size).toBe(0);
  });
});
