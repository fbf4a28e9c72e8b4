import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailScheduleMessages, type EmailSchedule, type EmailScheduleList } from '@studio/domain';
import { createTestStudio, type TestStudio } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';

/** 001 §7 "Scheduled emails": list, bulk schedule update, update type; the bounds of 001 §5. */
let studio: TestStudio;
let api: Api;
let other: Api;

const DAY = 86_400_000;
const PATH = '/api/event/email_schedules/';

beforeAll(async () => {
  studio = await createTestStudio();
  api = caller(studio, (await newAdmin(studio, 'Schedules Org')).access);
  other = caller(studio, (await newAdmin(studio, 'Other Org')).access);
});
afterAll(async () => {
  await studio.close();
});

async function upcomingEvent(startInDays = 10) {
  const start = new Date(Date.now() + startInDays * DAY);
  return newEvent(api, { title: 'Schedule Summit', start, end: new Date(start.getTime() + 2 * 3_600_000) });
}

const typeOf = (list: EmailScheduleList, emailType: string) =>
  list.results.find((schedule) => schedule.email_type === emailType)!;

describe('email schedules', () => {
  it('lists every email type of an event with its default offset and send time', async () => {
    const event = await upcomingEvent();
    const { status, body } = await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`);
    expect(status).toBe(200);
    expect(body.results.map((schedule) => schedule.email_type)).toContain('Reminder-7d');
    expect(body.results).toHaveLength(19);
    expect(typeOf(body, 'Reminder-1d')).toMatchObject({
      active: true,
      relativeTime: 'BEFORE_START',
      weeks: 0,
      days: 1,
      hours: 0,
      minutes: 0,
      audience: 'All Registrants',
      trigger: 'scheduled',
      schedule_time: new Date(new Date(event.start_time).getTime() - DAY).toISOString(),
    });
    expect(typeOf(body, 'Reminder-7d')).toMatchObject({ weeks: 1, days: 0, active: false });
    expect(typeOf(body, 'Registration')).toMatchObject({ trigger: 'on-action', schedule_time: null });
    expect(body.context).toMatchObject({
      startTime: event.start_time,
      seriesId: null,
      eventTemplateId: null,
    });
  });

  it('saves a bulk update in one go, and refuses all of it with the bounds messages verbatim', async () => {
    const event = await upcomingEvent(2);
    const saved = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        {
          email_type: 'Reminder-12h',
          relativeTime: 'BEFORE_START',
          weeks: 0,
          days: 0,
          hours: 6,
          minutes: 30,
          active: true,
        },
        {
          email_type: 'Post-Event-Attendee-1d',
          relativeTime: 'AFTER_END',
          weeks: 0,
          days: 2,
          hours: 0,
          minutes: 0,
          active: true,
        },
      ],
    });
    expect(saved.status).toBe(200);
    expect(typeOf(saved.body, 'Reminder-12h')).toMatchObject({ active: true, hours: 6, minutes: 30 });
    expect(typeOf(saved.body, 'Post-Event-Attendee-1d').schedule_time).toBe(
      new Date(new Date(event.end_time).getTime() + 2 * DAY).toISOString(),
    );

    const refused = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      {
        schedules: [
          {
            email_type: 'Reminder-12h',
            relativeTime: 'BEFORE_START',
            weeks: 0,
            days: 0,
            hours: 1,
            minutes: 0,
          },
          {
            email_type: 'Reminder-7d',
            relativeTime: 'BEFORE_START',
            weeks: 1,
            days: 0,
            hours: 0,
            minutes: 0,
            active: true,
          },
          // Starts in two days: 1 d 23 h 45 min before is a quarter of an hour from now.
          {
            email_type: 'Custom',
            relativeTime: 'BEFORE_START',
            weeks: 0,
            days: 1,
            hours: 23,
            minutes: 45,
            active: true,
          },
          {
            email_type: 'OnDemand',
            relativeTime: 'AFTER_END',
            weeks: 5,
            days: 0,
            hours: 0,
            minutes: 0,
            active: true,
          },
        ],
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'Reminder-7d': [emailScheduleMessages.inPast],
      Custom: [emailScheduleMessages.tooSoon],
      OnDemand: [emailScheduleMessages.afterWindow],
    });
    expect(refused.body.message).toBe('Email Schedule Time cannot be in the past');
    // Nothing of the refused update was written.
    const after = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect(typeOf(after, 'Reminder-12h')).toMatchObject({ hours: 6, minutes: 30 });
  });

  it('refuses a time more than 180 days before the start', async () => {
    const event = await upcomingEvent(200);
    const refused = await api.put<{ message: string }>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        {
          email_type: 'Custom',
          relativeTime: 'BEFORE_START',
          weeks: 27,
          days: 0,
          hours: 0,
          minutes: 0,
          active: true,
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Email Schedule Time cannot be before 180 days from event start time');
  });

  it('switches a type on and off, checking the bounds when switched on', async () => {
    const event = await upcomingEvent(2);
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    const weekly = typeOf(list, 'Reminder-7d');
    const refused = await api.patch<{ message: string }>(`${PATH}${weekly.id}/`, { active: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(emailScheduleMessages.inPast);
    const daily = typeOf(list, 'Reminder-1d');
    const off = await api.patch<EmailSchedule>(`${PATH}${daily.id}/`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
  });

  it('moves the send time when the event is rescheduled', async () => {
    const event = await upcomingEvent(5);
    const before = typeOf(
      (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body,
      'Reminder-1h',
    );
    const start = new Date(new Date(event.start_time).getTime() + 3 * DAY);
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const after = typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body, 'Reminder-1h');
    expect(after.schedule_time).toBe(new Date(start.getTime() - 3_600_000).toISOString());
    expect(after.schedule_time).not.toBe(before.schedule_time);

    const edited = new Date(start.getTime() + DAY);
    await api.patch(`/api/event/${event.id}/`, {
      start_time: edited.toISOString(),
      end_time: new Date(edited.getTime() + 3_600_000).toISOString(),
    });
    const again = typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body, 'Reminder-1h');
    expect(again.schedule_time).toBe(new Date(edited.getTime() - 3_600_000).toISOString());
  });

  it("answers 404 for another organisation's event, schedule and delivery log", async () => {
    const event = await upcomingEvent();
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect((await other.get(`${PATH}?event=${event.id}`)).status).toBe(404);
    expect(
      (
        await other.put(`${PATH}bulk/?event=${event.id}`, {
          schedules: [
            { email_type: 'Custom', relativeTime: 'BEFORE_START', weeks: 0, days: 1, hours: 0, minutes: 0 },
          ],
        })
      ).status,
    ).toBe(404);
    expect((await other.patch(`${PATH}${list.results[0]!.id}/`, { active: false })).status).toBe(404);
    expect((await other.get(`/api/event/email_deliveries/?event=${event.id}`)).status).toBe(404);
  });

  it('answers an empty delivery log with zero counts', async () => {
    const event = await upcomingEvent();
    const { status, body } = await api.get<{ count: number; counts: Record<string, number> }>(
      `/api/event/email_deliveries/?event=${event.id}`,
    );
    expect(status).toBe(200);
    expect(body.count).toBe(0);
    expect(body.counts).toMatchObject({ sent: 0, bounced: 0, queued: 0 });
  });
});
