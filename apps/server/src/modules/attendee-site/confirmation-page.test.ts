import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeePageMessages, eventAppMessages, type StudioEvent } from '@studio/domain';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import type { TestStudio } from '../../../test/harness.ts';
import type { Api } from '../back-office/back-office.fixtures.ts';
import { attendeeStudioWithEvent, enteredAs } from './event-app/event-app.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';

// The registration's confirmation through the whole studio: registration, events, branding, admission.
let studio: TestStudio;
let api: Api;
let event: StudioEvent;

beforeAll(async () => {
  ({ studio, api, event } = await attendeeStudioWithEvent('Confirmation Org'));
});
afterAll(() => studio.close());

const visit = (url: string, cookie?: string) =>
  studio.attendeeSite.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe("the registration's confirmation page (issue 34 §8)", () => {
  it("wears the event's branding and offers Enter Event to a visitor who may enter", async () => {
    expect((await register(studio, event.id, registrant('Ada'))).status).toBe(201);
    const confirmation = `/e/${event.id}/registered?status=REGISTRATION`;
    const page = await visit(confirmation);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<style id="event-branding">');
    expect(String(page.headers['content-security-policy'])).toMatch(/style-src [^;]*'sha256-/);
    expect(page.body).toContain('data-calendar-type="google"');
    // A registrant has their link by email: without it, no way in from here.
    expect(page.body).not.toContain(eventAppMessages.enterEvent);
    // The event is live (the studio's clock is 14:00, the event 13:00–21:00): the email's link enters it now.
    expect(page.body).toContain(attendeePageMessages.liveNowEnterByEmail);

    const entered = await visit(confirmation, (await enteredAs(studio, api, event.id)).cookie);
    expect(entered.body).toContain(
      `<a class="button" href="/e/${event.id}/live">${eventAppMessages.enterEvent}</a>`,
    );
    expect(entered.body).not.toContain(attendeePageMessages.liveNowEnterByEmail);
  });

  it('says nothing of entering an event that is not open yet, nor on an already-registered outcome', async () => {
    const later = await newEvent(api, {
      title: 'Later',
      start: '2031-06-01T13:00:00Z',
      end: '2031-06-01T21:00:00Z',
      timezone: 'UTC',
    });
    expect((await register(studio, later.id, registrant('Lin'))).status).toBe(201);
    const page = await visit(`/e/${later.id}/registered?status=REGISTRATION`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(attendeePageMessages.liveNowEnterByEmail);
    const waitlisted = await visit(`/e/${event.id}/registered?status=WAITLISTED`);
    expect(waitlisted.body).not.toContain(attendeePageMessages.liveNowEnterByEmail);
    expect(waitlisted.body).not.toContain(eventAppMessages.enterEvent);
  });

  it('offers the .ics of the invitations the registrants were sent, following a reschedule', async () => {
    const before = await visit(`/e/${event.id}/calendar.ics`);
    expect(before.body).toContain(`UID:${event.id}@event-studio\r\n`);
    expect(before.body).toContain('SEQUENCE:0\r\n');
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: '2031-05-02T13:00:00Z',
      end_time: '2031-05-02T21:00:00Z',
    });
    expect(moved.status).toBe(200);
    const after = await visit(`/e/${event.id}/calendar.ics`);
    expect(after.body).toContain('SEQUENCE:1\r\n');
    expect(after.body).toContain('DTSTART:20310502T130000Z\r\n');
  });
});
