import { describe, expect, it } from 'vitest';
import { EVENT_ROLES, type EmailScheduleList, type StudioEvent } from '@studio/domain';
import { fileMailCatcher, fileStudioWithAdmin, madeBeforeAll } from '../../../test/file-studio.ts';
import { at, newEvent } from '../back-office/back-office.fixtures.ts';
import { addTestPerson, invitationsArea } from './event-invitations.fixtures.ts';

/** 001 §9: speaker and staff reminders 1 h and 1 d before the start, swept every minute at a fixed now. */
const now = new Date('2031-06-01T08:00:00Z');
const DAY = 24 * 60;

const catcher = fileMailCatcher();
const { studio, api } = fileStudioWithAdmin('Reminders Org', () => ({ smtpUrl: catcher.url }));
// Swept by hand only: no worker runs the scheduled sweep beside the test's own.
const worker = madeBeforeAll(() => invitationsArea(studio, catcher.url, () => now));

const subjectsTo = (email: string) =>
  catcher.messages.filter((mail) => mail.envelopeTo.includes(email)).map((mail) => mail.subject);
const sweep = (minutesFromNow: number) => worker.area.work.sweepReminders(at(now, minutesFromNow));

async function eventWithPeople(
  title: string,
  startMinutes: number,
): Promise<{
  event: StudioEvent;
  speaker: { email: string };
  staff: { email: string };
  door: { email: string };
}> {
  const event = await newEvent(api, {
    title,
    start: at(now, startMinutes),
    end: at(now, startMinutes + 120),
    timezone: 'America/New_York',
  });
  const { db } = studio.database;
  return {
    event,
    speaker: await addTestPerson(db, { eventId: event.id, role: EVENT_ROLES.SPEAKER, firstName: 'Ada' }),
    staff: await addTestPerson(db, { eventId: event.id, role: EVENT_ROLES.ORGANIZER, userType: 'staff' }),
    door: await addTestPerson(db, { eventId: event.id, role: EVENT_ROLES.CHECK_IN_STAFF }),
  };
}

describe('speaker and staff reminders', () => {
  it('sends the 1d reminder once, and after a reschedule for the new start only', async () => {
    // Starts in a day less two minutes: the 1d reminder is due, the 1h one is not.
    const { event, speaker, staff, door } = await eventWithPeople('Reminder Summit', DAY - 2);
    await sweep(0);
    expect(subjectsTo(speaker.email)).toEqual(['Tomorrow: Reminder Summit']);
    expect(subjectsTo(staff.email)).toEqual(['Tomorrow: Reminder Summit']);
    expect(subjectsTo(door.email)).toEqual([]);
    const [mail] = catcher.messages.filter((entry) => entry.envelopeTo.includes(speaker.email));
    expect(mail!.text).toContain('Hello Ada,');
    expect(mail!.text).toContain('GMT-4');
    expect(mail!.text).toContain(`http://attendee.test/e/${event.id}/enter?token=t-`);

    // A second sweep sends nothing.
    await sweep(1);
    expect(subjectsTo(speaker.email)).toHaveLength(1);

    // Three hours later: the reminders follow the new start, never the old one.
    const moved = await api.patch(`/api/event/${event.id}/`, {
      start_time: at(now, DAY + 180).toISOString(),
      end_time: at(now, DAY + 300).toISOString(),
    });
    expect(moved.status).toBe(200);
    await sweep(0);
    await sweep(2);
    expect(subjectsTo(speaker.email)).toHaveLength(1);
    await sweep(181);
    expect(subjectsTo(speaker.email)).toEqual(['Tomorrow: Reminder Summit', 'Tomorrow: Reminder Summit']);
    expect(subjectsTo(staff.email)).toHaveLength(2);
    await sweep(182);
    expect(subjectsTo(speaker.email)).toHaveLength(2);
  });

  it('sends the 1h reminder within its window, and nothing for an event already started or long past due', async () => {
    const soon = await eventWithPeople('Soon Summit', 58);
    const late = await eventWithPeople('Late Summit', 30);
    const started = await eventWithPeople('Started Summit', -5);
    await sweep(0);
    expect(subjectsTo(soon.speaker.email)).toEqual(['Starting in an hour: Soon Summit']);
    expect(subjectsTo(soon.staff.email)).toEqual(['Starting in an hour: Soon Summit']);
    expect(subjectsTo(late.speaker.email)).toEqual([]);
    expect(subjectsTo(started.speaker.email)).toEqual([]);
  });

  it("follows the event's schedule: an edited time, and a reminder switched off", async () => {
    // Starts in three hours less two minutes: its speakers' 1 h reminder is moved to 3 hours before.
    const moved = await eventWithPeople('Moved Summit', 178);
    const saved = await api.put(`/api/event/email_schedules/bulk/?event=${moved.event.id}`, {
      schedules: [
        {
          email_type: 'Spk-Reminder-1h',
          relativeTime: 'BEFORE_START',
          weeks: 0,
          days: 0,
          hours: 3,
          minutes: 0,
        },
      ],
    });
    expect(saved.status).toBe(200);
    // Starts within the hour: its staff's 1 h reminder is switched off.
    const quiet = await eventWithPeople('Quiet Summit', 58);
    const schedules = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${quiet.event.id}`);
    const staffReminder = schedules.body.results.find((row) => row.email_type === 'Staff-Reminder-1h')!;
    expect(
      (await api.patch(`/api/event/email_schedules/${staffReminder.id}/`, { active: false })).status,
    ).toBe(200);

    await sweep(0);
    expect(subjectsTo(moved.speaker.email)).toEqual(['Starting in an hour: Moved Summit']);
    expect(subjectsTo(moved.staff.email)).toEqual([]);
    expect(subjectsTo(quiet.speaker.email)).toEqual(['Starting in an hour: Quiet Summit']);
    expect(subjectsTo(quiet.staff.email)).toEqual([]);
    // The speakers' reminder no longer goes at the default hour before.
    await sweep(120);
    expect(subjectsTo(moved.speaker.email)).toHaveLength(1);
    expect(subjectsTo(moved.staff.email)).toEqual(['Starting in an hour: Moved Summit']);
  });
});
