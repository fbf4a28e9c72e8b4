import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import {
  eventAppPath,
  eventEntrancePath,
  scheduleItemOf,
  type EmailScheduleList,
  type EmailTemplate,
} from '@studio/domain';
import { eventually } from '../../../test/harness.ts';
import { type Api } from '../back-office/back-office.fixtures.ts';
import { insertRegistrants, membersSetup } from '../registration/members/members.fixtures.ts';
import {
  qrCodeText,
  register,
  registrant,
  registrationEvent,
  registrationsOf,
} from '../registration/registrants/registrants.fixtures.ts';
import { createRegistrationTokens } from '../registration/registration-tokens.ts';
import { CHECK_IN_QR_CID } from './email-rendering.ts';
import { TEMPLATE_NOT_FOUND, TEMPLATE_WITHOUT_SUBJECT } from './email-scheduler.ts';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../test/file-studio.ts';

/**
 * The scheduler's timing (issue 33 §5): a schedule's send is queued as a job at its due time, so
 * it starts then and not at the next minute's sweep; moving the event moves that job, and
 * switching the type off cancels it. At scale: a reminder to a thousand registrants, through the
 * same jobs, reaches each seated one once.
 */
const smtp = fileMailCatcher();
const { studio, api } = fileStudioWithAdmin('Due Time Org', () => ({ role: 'all', smtpUrl: smtp.url }));

interface DueJob {
  state: string;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

/** The queue's due jobs of one schedule, oldest first. */
const dueJobsOf = async (scheduleId: string) =>
  (
    await sql<DueJob>`select state, start_after, started_on, completed_on from pgboss.job
      where name = 'email.schedule-due' and data->>'scheduleId' = ${scheduleId} order by created_on`.execute(
      studio.database.db,
    )
  ).rows;

async function scheduleOf(eventId: string, emailType: string, as: Api = api) {
  const list = (await as.get<EmailScheduleList>(`/api/event/email_schedules/?event=${eventId}`)).body;
  return list.results.find((schedule) => schedule.email_type === emailType)!;
}

/** Reschedules the event (an hour long) so that its 1-hour reminder falls due in `ms`; answers that instant. */
async function reminderDueIn(as: Api, eventId: string, ms: number): Promise<Date> {
  const dueAt = new Date(Date.now() + ms);
  const start = new Date(dueAt.getTime() + 3_600_000);
  const moved = await as.post(`/api/event/${eventId}/reschedule/`, {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  expect(moved.status).toBe(200);
  return dueAt;
}

/** The delivery log of a schedule's send, once the send has ended. */
async function deliveriesOnceDone(scheduleId: string) {
  const sendOf = () =>
    studio.database.db
      .selectFrom('email_schedule_sends')
      .select(['id', 'status'])
      .where('schedule_id', '=', scheduleId)
      .executeTakeFirst();
  await eventually(async () => expect((await sendOf())?.status).toBe('done'), 90_000);
  return studio.database.db
    .selectFrom('email_deliveries')
    .select(['recipient', 'status', 'reason', 'email_type'])
    .where('send_id', '=', (await sendOf())!.id)
    .execute();
}

describe('scheduled sends at their due time', () => {
  it('starts a send at its due time through its queued job; a reschedule moves the job', async () => {
    const event = await registrationEvent(api, {}, { host_type: 'In_Person', location: 'Hall B' });
    const ada = registrant('Ada');
    expect((await register(studio, event.id, ada)).status).toBe(201);
    const reminder = await scheduleOf(event.id, 'Reminder-1h');
    expect(reminder.active).toBe(true);
    expect(await dueJobsOf(reminder.id)).toMatchObject([
      { state: 'created', start_after: new Date(reminder.schedule_time!) },
    ]);

    // The event moves so that its 1-hour reminder falls due a few seconds from now.
    const dueAt = await reminderDueIn(api, event.id, 8_000);
    expect(await dueJobsOf(reminder.id)).toMatchObject([
      { state: 'cancelled', start_after: new Date(reminder.schedule_time!) },
      { state: 'created', start_after: dueAt },
    ]);

    const sendOf = () =>
      studio.database.db
        .selectFrom('email_schedule_sends')
        .select(['id', 'due_at', 'created_at', 'status'])
        .where('schedule_id', '=', reminder.id)
        .executeTakeFirst();
    await eventually(async () => expect((await sendOf())?.status).toBe('done'), 90_000);
    const send = (await sendOf())!;
    expect(send.due_at).toEqual(dueAt);
    // Made by the job queued for its time (while it ran), never before that time.
    const [cancelled, due] = await dueJobsOf(reminder.id);
    expect(cancelled!.started_on).toBeNull();
    expect(due!.state).toBe('completed');
    expect(send.created_at.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(send.created_at.getTime()).toBeGreaterThanOrEqual(due!.started_on!.getTime());
    expect(send.created_at.getTime()).toBeLessThanOrEqual(due!.completed_on!.getTime());
    const delivery = await studio.database.db
      .selectFrom('email_deliveries')
      .select(['recipient', 'status'])
      .where('send_id', '=', send.id)
      .execute();
    expect(delivery).toEqual([{ recipient: ada.email, status: 'sent' }]);
    // The reminder carries Ada's own entrance link (`magic_link`), and it opens the event for her.
    const reminderMail = smtp.messages.find(
      (mail) => mail.envelopeTo.includes(ada.email) && mail.subject === `${event.title} starts in one hour`,
    );
    const link = /href="([^"]+)"[^>]*>Join the event/.exec(reminderMail?.html ?? '')?.[1];
    expect(link).toContain(`${eventEntrancePath(event.id)}?token=`);
    const { pathname, search } = new URL(link!.replaceAll('&amp;', '&'));
    const entered = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(entered.statusCode).toBe(303);
    expect(entered.headers.location).toContain(eventAppPath(event.id));

    // At an in-person event it also carries Ada's check-in code and her own cancel link.
    const tokens = createRegistrationTokens(studio.secretKey);
    const registrationId = (await registrationsOf(studio, event.id)).get(ada.email)!.id;
    expect(reminderMail!.html).toContain(`src="cid:${CHECK_IN_QR_CID}"`);
    const { attachments } = await simpleParser(reminderMail!.raw);
    const code = attachments.find((attachment) => attachment.cid === CHECK_IN_QR_CID)!;
    expect(await qrCodeText(code.content)).toBe(tokens.tokenFor('ci', event.id, registrationId));
    const cancel = /href="([^"]+)"[^>]*>Cancel your registration/.exec(reminderMail!.html ?? '')?.[1];
    expect(cancel).toContain(encodeURIComponent(tokens.tokenFor('cancel', event.id, registrationId)));
    const cancelUrl = new URL(cancel!.replaceAll('&amp;', '&'));
    const cancelPage = await studio.attendeeSite.inject({
      method: 'GET',
      url: `${cancelUrl.pathname}${cancelUrl.search}`,
    });
    expect(cancelPage.statusCode).toBe(200);
  }, 120_000);

  it('switching a scheduled type off cancels its queued job, and on again queues it', async () => {
    const event = await registrationEvent(api);
    const reminder = await scheduleOf(event.id, 'Reminder-4h');
    expect(reminder.active).toBe(false);
    expect(await dueJobsOf(reminder.id)).toEqual([]);
    const path = `/api/event/email_schedules/${reminder.id}/`;
    expect((await api.patch(path, { active: true })).status).toBe(200);
    const sendAt = new Date(reminder.schedule_time!);
    expect(await dueJobsOf(reminder.id)).toMatchObject([{ state: 'created', start_after: sendAt }]);
    expect((await api.patch(path, { active: false })).status).toBe(200);
    expect(await dueJobsOf(reminder.id)).toMatchObject([{ state: 'cancelled', start_after: sendAt }]);
  });

  it('ends a send whose chosen template is gone when it leaves, its people failed in the delivery log with the reason', async () => {
    const event = await registrationEvent(api);
    const ada = registrant('Ada');
    expect((await register(studio, event.id, ada)).status).toBe(201);
    const template = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Our news',
    });
    const custom = {
      email_type: 'Custom',
      relativeTime: 'BEFORE_START',
      weeks: 0,
      days: 0,
      hours: 1,
      minutes: 0,
      active: true,
      email_template: template.body.id,
    };
    const saved = await api.put(`/api/event/email_schedules/bulk/?event=${event.id}`, {
      schedules: [custom],
    });
    expect(saved.status).toBe(200);
    // Gone under a send already on its way: deleting it through the studio would first switch the
    // custom email off (email-schedules.test), so the row goes here as a concurrent deletion would.
    await studio.database.db.deleteFrom('email_templates').where('id', '=', template.body.id).execute();
    const schedule = await scheduleOf(event.id, 'Custom');
    // An hour before the start, like the hour's reminder: due in a few seconds.
    await reminderDueIn(api, event.id, 5_000);

    expect(await deliveriesOnceDone(schedule.id)).toEqual([
      { recipient: ada.email, status: 'failed', reason: TEMPLATE_NOT_FOUND, email_type: 'Custom' },
    ]);
  }, 120_000);

  it('sends nothing of a template without a subject: the send ends, its people failed in the delivery log with the reason', async () => {
    const event = await registrationEvent(api);
    const ada = registrant('Ada');
    expect((await register(studio, event.id, ada)).status).toBe(201);
    const template = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Our untitled news',
    });
    const reminder = await scheduleOf(event.id, 'Reminder-1h');
    const saved = await api.put(`/api/event/email_schedules/bulk/?event=${event.id}`, {
      schedules: [{ ...scheduleItemOf(reminder), email_template: template.body.id }],
    });
    expect(saved.status).toBe(200);
    // Emptied as templates saved before the subject was required are (the API refuses it now).
    await studio.database.db
      .updateTable('email_templates')
      .set({ subject: '' })
      .where('id', '=', template.body.id)
      .execute();
    const since = smtp.messages.length;
    await reminderDueIn(api, event.id, 5_000);

    expect(await deliveriesOnceDone(reminder.id)).toEqual([
      { recipient: ada.email, status: 'failed', reason: TEMPLATE_WITHOUT_SUBJECT, email_type: 'Reminder-1h' },
    ]);
    // Ada got the reschedule's calendar update, and no message without a subject.
    const toAda = smtp.messages.slice(since).filter((mail) => mail.envelopeTo.includes(ada.email));
    expect(toAda.filter((mail) => !mail.subject?.trim())).toEqual([]);
  }, 120_000);

  it('sends a reminder due in a few seconds to each of a thousand seated registrants once, none to the waitlist', async () => {
    const { api: organiser, event, organizationId } = await membersSetup(studio, 'Many Registrants');
    const db = studio.database.db;
    // 1,100 registrants, one in ten waitlisted: 990 seated, several claim batches of the send.
    await insertRegistrants(db, { organizationId, eventId: event.id }, 1_100, 'many');
    const reminder = await scheduleOf(event.id, 'Reminder-1h', organiser);
    const dueAt = await reminderDueIn(organiser, event.id, 5_000);

    const sendOf = () =>
      db
        .selectFrom('email_schedule_sends')
        .select(['id', 'due_at', 'status'])
        .where('schedule_id', '=', reminder.id)
        .executeTakeFirst();
    await eventually(async () => expect((await sendOf())?.status).toBe('done'), 90_000);
    const send = (await sendOf())!;
    expect(send.due_at).toEqual(dueAt);

    const seated = Array.from({ length: 1_100 }, (_, index) => index + 1)
      .filter((n) => n % 10 !== 0)
      .map((n) => `many-${n}@bulk.test`);
    const deliveries = await db
      .selectFrom('email_deliveries')
      .select(['recipient', 'status'])
      .where('send_id', '=', send.id)
      .execute();
    expect(deliveries.map((row) => row.recipient).sort()).toEqual([...seated].sort());
    expect(new Set(deliveries.map((row) => row.status))).toEqual(new Set(['sent']));
    // What the SMTP server received: one reminder to each seated registrant, none to the waitlist.
    const received = new Map<string, number>();
    for (const mail of smtp.messages)
      if (mail.subject === `${event.title} starts in one hour`)
        for (const to of mail.envelopeTo) received.set(to, (received.get(to) ?? 0) + 1);
    expect([...received.keys()].sort()).toEqual([...seated].sort());
    expect([...received.values()].filter((count) => count !== 1)).toEqual([]);
  }, 120_000);
});
