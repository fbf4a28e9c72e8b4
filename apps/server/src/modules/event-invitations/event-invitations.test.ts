import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_ROLES,
  PEOPLE_EMAIL_TYPES,
  PEOPLE_JOB_UPDATED,
  type Broadcast,
  type EmailConfig,
  type EmailScheduleList,
  type EmailTemplate,
  type Page,
  type PeopleJob,
} from '@studio/domain';
import { fileMailCatcher, fileStudio, madeBeforeAll, organiserWithEvent } from '../../../test/file-studio.ts';
import type { CaughtMail } from '../../../test/mail-catcher.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { agendaApi } from '../programme/agenda/agenda.fixtures.ts';
import { addTestPerson, startInvitationsWorker } from './event-invitations.fixtures.ts';

const catcher = fileMailCatcher();
// Role api: the studio enqueues; the worker beside it (same database) sends.
const studio = fileStudio(() => ({ smtpUrl: catcher.url }));
const worker = madeBeforeAll(() => startInvitationsWorker(studio, catcher.url));
afterAll(() => worker.stop());
const { admin, api, event } = organiserWithEvent(studio, 'Invitations Org', {
  title: 'Launch Summit',
  start: '2031-02-03T09:00:00Z',
  end: '2031-02-03T12:00:00Z',
  timezone: 'Europe/Paris',
});
let keynote: Broadcast;
let panel: Broadcast;

beforeAll(async () => {
  const agenda = agendaApi(api);
  const session = async (title: string, start: string, end: string) =>
    (
      await agenda.createSession({
        event: event.id,
        title,
        start_time: start,
        end_time: end,
        broadcast_type: 'LIVE',
      })
    ).body;
  keynote = await session('Keynote', '2031-02-03T09:00:00Z', '2031-02-03T10:00:00Z');
  panel = await session('Panel; Q&A', '2031-02-03T10:30:00Z', '2031-02-03T11:30:00Z');
});

const db = () => studio.database.db;
const link = (userId: string) => `http://attendee.test/e/${event.id}/enter?token=t-${userId}`;
const mailsTo = (email: string) => catcher.messages.filter((mail) => mail.envelopeTo.includes(email));
const settle = () => worker.queue.idle();

/** The VEVENTs of an iCalendar text, each as its properties (lines unfolded, parameters dropped). */
function vevents(ics: string): Record<string, string>[] {
  expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  const lines = ics.replace(/\r\n /g, '').split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain('METHOD:REQUEST');
  expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = line.slice(colon + 1);
    }
  }
  return events;
}

async function enqueue(eventRoleIds: string[], calendar: boolean, rollBack = false) {
  await worker.area.invitations.ready();
  await db()
    .transaction()
    .execute(async (tx) => {
      await worker.area.invitations.enqueue(
        { organizationId: admin.organization.id, eventId: event.id, eventRoleIds, calendar },
        tx,
      );
      if (rollBack) throw new Error('refused');
    })
    .catch((error: unknown) => {
      if (!rollBack) throw error;
    });
  await settle();
}

describe('the email config list (002 §3.9, §3.10, 001 §9)', () => {
  it('lists every people email with its default texts and offsets, filters by type', async () => {
    const all = await api.get<Page<EmailConfig>>(`/api/event/email-config/?event=${event.id}`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(6);
    expect(all.body.results.map((config) => config.email_type)).toEqual([...PEOPLE_EMAIL_TYPES]);
    const byType = Object.fromEntries(all.body.results.map((config) => [config.email_type, config]));
    expect(byType.SpkInvite).toMatchObject({
      event: event.id,
      enabled: true,
      is_default: true,
      minutes_before_start: null,
    });
    expect(byType.SpkInvite!.subject).toBe('You are speaking at {{ event_title }}');
    expect(byType.SpkInvite!.body).toContain('{{ magic_link }}');
    expect(byType.StaffInvite!.minutes_before_start).toBeNull();
    expect(byType['Spk-Reminder-1h']!.minutes_before_start).toBe(60);
    expect(byType['Staff-Reminder-1d']!.minutes_before_start).toBe(1440);
    const again = await api.get<Page<EmailConfig>>(`/api/event/email-config/?event=${event.id}`);
    expect(again.body.results.map((config) => config.id)).toEqual(
      all.body.results.map((config) => config.id),
    );

    const one = await api.get<Page<EmailConfig>>(
      `/api/event/email-config/?event=${event.id}&email_type=StaffInvite`,
    );
    expect(one.body.results).toEqual([byType.StaffInvite]);
  });

  it('refuses an unknown type (400) and another organisation’s event (404)', async () => {
    expect((await api.get(`/api/event/email-config/?event=${event.id}&email_type=Nope`)).status).toBe(400);
    expect((await api.get('/api/event/email-config/?event=not-an-id')).status).toBe(404);
    const outsider = caller(studio, (await newAdmin(studio, 'Outsider Org')).access);
    expect((await outsider.get(`/api/event/email-config/?event=${event.id}`)).status).toBe(404);
  });
});

describe('invitations', () => {
  it('emails a speaker SpkInvite with their magic link, time and sessions, and marks them invited', async () => {
    const speaker = await addTestPerson(db(), {
      eventId: event.id,
      role: EVENT_ROLES.SPEAKER,
      firstName: 'Ada',
      broadcastIds: [keynote.id],
    });
    await enqueue([speaker.eventRoleId], false);
    const [mail] = mailsTo(speaker.email);
    expect(mail!.subject).toBe('You are speaking at Launch Summit');
    expect(mail!.text).toContain('Hello Ada,');
    expect(mail!.text).toContain(link(speaker.userId));
    expect(mail!.text).toContain('Feb 3, 2031');
    expect(mail!.text).toContain('GMT+1');
    expect(mail!.text).toContain('- Keynote: Feb 3, 2031, 10:00');
    expect(mail!.html).toContain(`<a href="${link(speaker.userId)}">`);
    expect(mail!.calendar).toBe('');
    const row = await db()
      .selectFrom('event_roles')
      .select('invited_at')
      .where('id', '=', speaker.eventRoleId)
      .executeTakeFirst();
    expect(row!.invited_at).toBeInstanceOf(Date);
  });

  it('emails staff StaffInvite; check-in staff get no invitation', async () => {
    const staff = await addTestPerson(db(), {
      eventId: event.id,
      role: EVENT_ROLES.ORGANIZER,
      userType: 'staff',
    });
    const door = await addTestPerson(db(), { eventId: event.id, role: EVENT_ROLES.CHECK_IN_STAFF });
    await enqueue([staff.eventRoleId, door.eventRoleId], false);
    expect(mailsTo(staff.email).map((mail) => mail.subject)).toEqual([
      'You are on the team for Launch Summit',
    ]);
    expect(mailsTo(staff.email)[0]!.text).toContain(link(staff.userId));
    expect(mailsTo(door.email)).toEqual([]);
  });

  it('sends nothing when the transaction that enqueued rolls back', async () => {
    const speaker = await addTestPerson(db(), { eventId: event.id, role: EVENT_ROLES.SPEAKER });
    await enqueue([speaker.eventRoleId], true, true);
    expect(mailsTo(speaker.email)).toEqual([]);
  });

  it('sends each email once per occasion: a retried job sends nothing twice', async () => {
    const speaker = await addTestPerson(db(), { eventId: event.id, role: EVENT_ROLES.SPEAKER });
    const payload = {
      organizationId: admin.organization.id,
      eventId: event.id,
      eventRoleIds: [speaker.eventRoleId],
      calendar: true,
      occasion: 'invite:retried',
      peopleJob: null,
    };
    await worker.area.work.invite(payload);
    await worker.area.work.invite(payload);
    expect(mailsTo(speaker.email)).toHaveLength(1);
    // A new invitation (another occasion) is sent again.
    await worker.area.work.invite({ ...payload, occasion: 'invite:again' });
    expect(mailsTo(speaker.email)).toHaveLength(2);
  });
});

describe('calendar invitations of the sessions', () => {
  it('attaches one VEVENT per session, stable UIDs, and follows a moved session with a higher SEQUENCE', async () => {
    const speaker = await addTestPerson(db(), {
      eventId: event.id,
      role: EVENT_ROLES.SPEAKER,
      broadcastIds: [panel.id, keynote.id],
    });
    await enqueue([speaker.eventRoleId], true);
    const [first] = mailsTo(speaker.email);
    expect(first!.calendar).not.toBe('');
    const entries = vevents(first!.calendar);
    expect(entries.map((entry) => entry.UID)).toEqual([
      `${speaker.userId}.${keynote.id}@event-studio`,
      `${speaker.userId}.${panel.id}@event-studio`,
    ]);
    expect(entries[0]).toMatchObject({
      DTSTART: '20310203T090000Z',
      DTEND: '20310203T100000Z',
      SEQUENCE: '0',
      SUMMARY: 'Keynote',
      URL: link(speaker.userId),
      ATTENDEE: `mailto:${speaker.email}`,
    });
    expect(entries[1]!.SUMMARY).toBe('Panel\\; Q&A');

    // A re-send of the same sessions keeps the UIDs and the SEQUENCE.
    await enqueue([speaker.eventRoleId], true);
    const resent = vevents(mailsTo(speaker.email)[1]!.calendar);
    expect(resent.map((entry) => [entry.UID, entry.SEQUENCE])).toEqual(
      entries.map((entry) => [entry.UID, entry.SEQUENCE]),
    );

    // The keynote moves: the people holding its calendar entry get the updated one.
    const moved = await agendaApi(api).patchSession(keynote.id, {
      start_time: '2031-02-03T09:15:00Z',
      end_time: '2031-02-03T10:15:00Z',
    });
    expect(moved.status).toBe(200);
    const update: CaughtMail = await catcher.waitFor(
      (mail) => mail.envelopeTo.includes(speaker.email) && mailsTo(speaker.email).indexOf(mail) === 2,
    );
    const updated = vevents(update.calendar);
    const keynoteEntry = updated.find((entry) => entry.UID === entries[0]!.UID)!;
    expect(keynoteEntry).toMatchObject({
      DTSTART: '20310203T091500Z',
      DTEND: '20310203T101500Z',
      SEQUENCE: '1',
    });
    expect(updated.find((entry) => entry.UID === entries[1]!.UID)!.SEQUENCE).toBe('0');
    await settle();
    expect(mailsTo(speaker.email)).toHaveLength(3);

    // A change of title only is no move; nobody without a calendar entry is emailed.
    const plain = await addTestPerson(db(), {
      eventId: event.id,
      role: EVENT_ROLES.SPEAKER,
      broadcastIds: [keynote.id],
    });
    await agendaApi(api).patchSession(keynote.id, { title: 'Opening keynote' });
    await agendaApi(api).patchSession(keynote.id, {
      start_time: '2031-02-03T09:00:00Z',
      end_time: '2031-02-03T10:00:00Z',
    });
    await catcher.waitFor(
      (mail) => mail.envelopeTo.includes(speaker.email) && mailsTo(speaker.email).indexOf(mail) === 3,
    );
    await settle();
    expect(vevents(mailsTo(speaker.email)[3]!.calendar)[0]).toMatchObject({
      SEQUENCE: '2',
      SUMMARY: 'Opening keynote',
    });
    expect(mailsTo(plain.email)).toEqual([]);

    // Moving the session's block on the agenda moves the session: the invitation follows too.
    const agenda = agendaApi(api);
    const track = (await agenda.createTrack({ event: event.id, title: 'Main stage' })).body;
    const block = await agenda.createItem({
      event: event.id,
      track: track.id,
      kind: 'session',
      broadcast: keynote.id,
      start_time: '2031-02-03T09:30:00Z',
      end_time: '2031-02-03T10:30:00Z',
    });
    expect(block.status).toBe(201);
    await catcher.waitFor(
      (mail) => mail.envelopeTo.includes(speaker.email) && mailsTo(speaker.email).indexOf(mail) === 4,
    );
    expect(vevents(mailsTo(speaker.email)[4]!.calendar)[0]).toMatchObject({
      DTSTART: '20310203T093000Z',
      SEQUENCE: '3',
    });
  });
});

describe('bulk invitations', () => {
  it('is a job whose progress reaches its total, state done, pushed to the organisation and readable', async () => {
    const people = [];
    for (let index = 0; index < 30; index += 1)
      people.push(await addTestPerson(db(), { eventId: event.id, role: EVENT_ROLES.SPEAKER }));
    const id = await worker.area.invitations.enqueueBulk({
      organizationId: admin.organization.id,
      eventId: event.id,
      eventRoleIds: people.map((person) => person.eventRoleId),
      calendar: false,
    });
    await settle();
    const job = await api.get<PeopleJob>(`/api/event/people-jobs/${id}/`);
    expect(job.body).toEqual({ id, event: event.id, kind: 'invite', state: 'done', total: 30, done: 30 });
    for (const person of people) expect(mailsTo(person.email)).toHaveLength(1);
    const pushed = worker.pushes.filter((push) => push.message.type === PEOPLE_JOB_UPDATED);
    expect(
      pushed.every((push) => push.organizationId === admin.organization.id && push.eventId === event.id),
    ).toBe(true);
    expect(
      pushed.map((push) => [push.message.data as PeopleJob].map((data) => [data.state, data.done])[0]),
    ).toEqual([
      ['running', 0],
      ['running', 25],
      ['done', 30],
    ]);

    const outsider = caller(studio, (await newAdmin(studio, 'Other Org')).access);
    expect((await outsider.get(`/api/event/people-jobs/${id}/`)).status).toBe(404);
    expect((await api.get('/api/event/people-jobs/not-a-job/')).status).toBe(404);
  });
});

describe("the event's email schedule and templates (001 §3, §7)", () => {
  const scheduleOf = async (emailType: string) => {
    const list = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`);
    return list.body.results.find((schedule) => schedule.email_type === emailType)!;
  };
  const configOf = async (emailType: string) =>
    (await api.get<Page<EmailConfig>>(`/api/event/email-config/?event=${event.id}&email_type=${emailType}`))
      .body.results[0]!;

  it('sends no SpkInvite while its Active switch is off, and sends the next one once it is on again', async () => {
    const spkInvite = await scheduleOf('SpkInvite');
    expect((await api.patch(`/api/event/email_schedules/${spkInvite.id}/`, { active: false })).status).toBe(
      200,
    );
    expect((await configOf('SpkInvite')).enabled).toBe(false);
    const speaker = await addTestPerson(db(), { eventId: event.id, role: EVENT_ROLES.SPEAKER });
    await enqueue([speaker.eventRoleId], false);
    expect(mailsTo(speaker.email)).toEqual([]);

    expect((await api.patch(`/api/event/email_schedules/${spkInvite.id}/`, { active: true })).status).toBe(
      200,
    );
    expect((await configOf('SpkInvite')).enabled).toBe(true);
    await enqueue([speaker.eventRoleId], false);
    expect(mailsTo(speaker.email).map((mail) => mail.subject)).toEqual(['You are speaking at Launch Summit']);
  });

  it("sends the event's StaffInvite template as the organiser edited it", async () => {
    const templates = await api.get<Page<EmailTemplate>>(`/api/event/email_templates/?event=${event.id}`);
    const staffInvite = templates.body.results.find((template) => template.email_type === 'StaffInvite')!;
    const edited = await api.patch(`/api/event/email_templates/${staffInvite.id}/`, {
      subject: 'Crew call for {{ event_title }}',
    });
    expect(edited.status).toBe(200);
    expect(await configOf('StaffInvite')).toMatchObject({
      subject: 'Crew call for {{ event_title }}',
      is_default: false,
    });
    const staff = await addTestPerson(db(), {
      eventId: event.id,
      role: EVENT_ROLES.ORGANIZER,
      userType: 'staff',
    });
    await enqueue([staff.eventRoleId], false);
    expect(mailsTo(staff.email).map((mail) => mail.subject)).toEqual(['Crew call for Launch Summit']);
  });
});
