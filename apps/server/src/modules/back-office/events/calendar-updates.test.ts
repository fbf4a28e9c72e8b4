import { eventCalendarUid } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, type TestStudio } from '../../../../test/harness.ts';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../../test/mail-catcher.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import {
  register,
  registrant,
  registrationEvent,
} from '../../registration/registrants/registrants.fixtures.ts';
import { caller, type Api } from '../back-office.fixtures.ts';

/**
 * Registrants' calendar entries follow the event by themselves (issue 33 §7): a reschedule sends
 * the update (same UID, higher SEQUENCE, METHOD:REQUEST), a deleted event METHOD:CANCEL.
 */
let catcher: MailCatcher;
let studio: TestStudio;
let api: Api;

beforeAll(async () => {
  catcher = await startMailCatcher();
  studio = await createTestStudio({ role: 'all', smtpUrl: catcher.url, jobs: { pollIntervalMs: 50 } });
  api = caller(studio, (await newAdmin(studio, 'Calendar Updates Org')).access);
}, 60_000);
afterAll(async () => {
  await studio.close();
  await catcher.close();
});

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
    const cancel = await mailTo(ada.email, `Cancelled: ${event.title}`);
    expect(icsLines(cancel)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', uid, 'SEQUENCE:1', 'STATUS:CANCELLED']),
    );
    expect(cancel.text).toContain('has been cancelled');
    // Each registrant once.
    expect(catcher.messages.filter((mail) => mail.subject === `Cancelled: ${event.title}`)).toHaveLength(1);
  }, 60_000);
});
