import { eventCalendarUid, type Page, type Series, type StudioEvent } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { type CaughtMail } from '../../../../test/mail-catcher.ts';
import {
  register,
  registrant,
  registrationEvent,
} from '../../registration/registrants/registrants.fixtures.ts';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../../test/file-studio.ts';

/**
 * Registrants' calendar entries follow the event by themselves (issue 33 §7): a reschedule sends
 * the update (same UID, higher SEQUENCE, METHOD:REQUEST), a deleted event METHOD:CANCEL.
 */
const catcher = fileMailCatcher();
const { studio, api } = fileStudioWithAdmin('Calendar Updates Org', () => ({
  role: 'all',
  smtpUrl: catcher.url,
  jobs: { pollIntervalMs: 50 },
}));

const mailTo = (email: string, subject: string) =>
  catcher.waitFor((mail) => mail.envelopeTo.includes(email) && mail.subject === subject);

/** The calendar part's lines without the stamp of when it was written. */
const icsLines = (mail: CaughtMail) => mail.calendar.split('\r\n');

describe("registrants' calendar entries follow the event", () => {
  it('a reschedule sends each registrant the update; deleting the event sends METHOD:CANCEL with the same UID', async () => {
    const event = await registrationEvent(api);
    const ada = registrant('Ada');
    expect((await register(studio, event.id, ada)).status).toBe(201);

    const start = new Date(new Date(event.start_time).getTime() + 86_400_000);
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const update = await mailTo(ada.email, `Updated invitation: ${event.title}`);
    const uid = `UID:${eventCalendarUid(event.id)}`;
    expect(icsLines(update)).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', uid, 'SEQUENCE:1', 'STATUS:CONFIRMED']),
    );
    expect(update.calendar).toContain(`DTSTART:${start.toISOString().replace(/[-:]|\.\d+/g, '')}`);

    expect((await api.delete(`/api/event/${event.id}/`)).status).toBe(204);
    const cancel = await mailTo(ada.email, `Canceled: ${event.title}`);
    expect(icsLines(cancel)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', uid, 'SEQUENCE:1', 'STATUS:CANCELLED']),
    );
    expect(cancel.text).toContain('has been canceled');
    // Each registrant once.
    expect(catcher.messages.filter((mail) => mail.subject === `Canceled: ${event.title}`)).toHaveLength(1);
  }, 60_000);

  it('a new place sends the update with the new LOCATION; a change of nothing in the entry sends none', async () => {
    const event = await registrationEvent(api);
    const grace = registrant('Grace');
    expect((await register(studio, event.id, grace)).status).toBe(201);

    expect((await api.patch(`/api/event/${event.id}/`, { location: 'Harbour Hall, Pier 3' })).status).toBe(
      200,
    );
    const update = await mailTo(grace.email, `Updated invitation: ${event.title}`);
    expect(icsLines(update)).toEqual(
      expect.arrayContaining(['LOCATION:Harbour Hall\\, Pier 3', 'SEQUENCE:1']),
    );
    expect(update.text).toContain('Where: Harbour Hall, Pier 3');

    expect((await api.patch(`/api/event/${event.id}/`, { description: 'Bring a badge.' })).status).toBe(200);
    expect((await api.patch(`/api/event/${event.id}/`, { location: 'Harbour Hall, Pier 3' })).status).toBe(
      200,
    );
    // The next entry change is the second update: nothing was sent in between.
    expect((await api.patch(`/api/event/${event.id}/`, { location: null })).status).toBe(200);
    await catcher.waitFor(
      (mail) => mail.envelopeTo.includes(grace.email) && icsLines(mail).includes('SEQUENCE:2'),
    );
    const updates = catcher.messages.filter(
      (mail) =>
        mail.envelopeTo.includes(grace.email) && mail.subject === `Updated invitation: ${event.title}`,
    );
    expect(updates).toHaveLength(2);
  }, 60_000);

  it("a repeating event's new rule cancels the removed occurrences for their registrants and updates the moved ones", async () => {
    const DAY = 86_400_000;
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const rule = { frequency: 'daily', start_time: '09:00', duration_minutes: 60, timezone: 'UTC' };
    const created = await api.post<Series>('/api/event/series/', {
      name: `Daily ${Date.now()}`,
      recurrence: { ...rule, start_date: day(5), end_date: day(7) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listed = await api.get<Page<StudioEvent>>(
      `/api/event/?series=${created.body.id}&ordering=start_time&limit=10`,
    );
    const [first, , last] = listed.body.results;
    const kept = registrant('Kept');
    const dropped = registrant('Dropped');
    expect((await register(studio, first!.id, kept)).status).toBe(201);
    expect((await register(studio, last!.id, dropped)).status).toBe(201);

    // The rule ends a day earlier (the last occurrence goes) and starts at 10:00 (the others move).
    const edited = await api.patch(`/api/event/series/${created.body.id}/`, {
      recurrence: { ...rule, start_time: '10:00', start_date: day(5), end_date: day(6) },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const cancel = await mailTo(dropped.email, `Canceled: ${last!.title}`);
    expect(icsLines(cancel)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', `UID:${eventCalendarUid(last!.id)}`, 'STATUS:CANCELLED']),
    );
    const update = await mailTo(kept.email, `Updated invitation: ${first!.title}`);
    expect(icsLines(update)).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', `UID:${eventCalendarUid(first!.id)}`, 'SEQUENCE:1']),
    );
    expect(update.calendar).toContain(`DTSTART:${day(5).replaceAll('-', '')}T100000Z`);
    // The kept occurrence's registrant is not told it was cancelled.
    expect(
      catcher.messages.some(
        (mail) => mail.envelopeTo.includes(kept.email) && mail.subject.startsWith('Canceled'),
      ),
    ).toBe(false);
  }, 60_000);
});
