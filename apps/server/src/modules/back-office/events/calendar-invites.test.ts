import { beforeAll, describe, expect, it } from 'vitest';
import type { SendCalendarInvitesAnswer } from '@studio/domain';
import { fileMailCatcher, fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { newAdmin, newMember, newWorkspace } from '../../access/access.fixtures.ts';
import { calendarInvitation, calendarInviteMail } from './calendar-invite.ts';
import { caller, newEvent } from '../back-office.fixtures.ts';

const catcher = fileMailCatcher();
const { studio, admin, api } = fileStudioWithAdmin('Invites Org', () => ({
  smtpUrl: catcher.url,
  mailFrom: 'Event Studio <studio@example.com>',
}));
let people: { admin: string; teamAdmin: string; plain: string };
let eventId: string;

beforeAll(async () => {
  const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
  const plain = await newMember(studio, admin.organization.id, null);
  const team = await newWorkspace(studio, admin.access, 'Crew', [teamAdmin.userId, plain.userId]);
  people = { admin: admin.user.email, teamAdmin: teamAdmin.user.email, plain: plain.user.email };
  eventId = (
    await newEvent(api, {
      title: 'Board meeting',
      start: '2031-02-03T09:00:00Z',
      end: '2031-02-03T10:30:00Z',
      timezone: 'Europe/Paris',
      location: 'Room 1',
      workspace: team.id,
    })
  ).id;
});

/** The next invitation email to this address received after message number `since`. */
const invitationTo = (email: string, since: number) =>
  catcher.waitFor(
    (mail) =>
      catcher.messages.indexOf(mail) >= since &&
      mail.envelopeTo.includes(email) &&
      mail.subject.startsWith('Updated invitation'),
  );

const send = async (body: Record<string, unknown> = {}) => {
  const response = await api.post<SendCalendarInvitesAnswer>(
    `/api/event/${eventId}/send_calendar_invites/`,
    body,
  );
  expect(response.status).toBe(200);
  return response.body;
};

describe('updated calendar invitations', () => {
  it('emails the organisers (creator and team) over SMTP, then only those without the current version', async () => {
    const before = catcher.messages.length;
    expect(await send()).toEqual({ recipients: 3, sent: 3, skipped: 0, failed: 0 });
    for (const email of Object.values(people)) {
      const mail = await invitationTo(email, before);
      expect(mail.subject).toBe('Updated invitation: Board meeting');
      expect(mail.text).toContain('Here is the up-to-date calendar invitation for Board meeting.');
      expect(mail.text.replace(/\u2009|\u202f/g, ' ')).toContain('When: Feb 3, 2031, 10:00 – 11:30 AM GMT+1');
      expect(mail.text).toContain('Where: Room 1');
      expect(mail.calendar).toContain('METHOD:REQUEST');
      expect(mail.calendar).toContain('BEGIN:VEVENT');
      expect(mail.calendar).toContain('SUMMARY:Board meeting');
    }
    // Everyone holds this version: nothing is sent again unless forced.
    expect(await send()).toEqual({ recipients: 3, sent: 0, skipped: 3, failed: 0 });
    expect(await send({ forced: true })).toEqual({ recipients: 3, sent: 3, skipped: 0, failed: 0 });
    // A new schedule is a new version.
    const moved = await api.patch(`/api/event/${eventId}/`, {
      start_time: '2031-02-04T09:00:00Z',
      end_time: '2031-02-04T10:00:00Z',
    });
    expect(moved.status).toBe(200);
    const sinceMove = catcher.messages.length;
    expect(await send()).toEqual({ recipients: 3, sent: 3, skipped: 0, failed: 0 });
    expect((await invitationTo(people.plain, sinceMove)).text).toMatch(
      /When: Feb 4, 2031, 10:00\s–\s11:00\sAM GMT\+1/,
    );
    // Attendees only: there are no registrants yet.
    expect(await send({ only_attendees: true })).toEqual({ recipients: 0, sent: 0, skipped: 0, failed: 0 });
  });

  it('refuses a recording (no schedule) and other organisations', async () => {
    const recording = (
      await api.post<{ id: string }>('/api/event/', { title: 'Recorded', event_type: 'Recording' })
    ).body;
    expect((await api.post(`/api/event/${recording.id}/send_calendar_invites/`, {})).status).toBe(400);
    const outsider = caller(studio, (await newAdmin(studio, 'Outsider')).access);
    expect((await outsider.post(`/api/event/${eventId}/send_calendar_invites/`, {})).status).toBe(404);
  });
});

describe('the iCalendar invitation', () => {
  const event = {
    id: '6f1c1d1e-0000-4000-8000-000000000001',
    organization_id: '6f1c1d1e-0000-4000-8000-0000000000aa',
    title: 'Launch; Q&A, live',
    description: 'Line one\nLine two',
    location: null,
    start_time: new Date('2031-02-03T09:00:00Z'),
    end_time: new Date('2031-02-03T10:30:00Z'),
    timezone: 'Europe/Paris',
    calendar_sequence: 2,
  };
  const recipient = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
  const page = `https://attend.example.com/e/${event.id}`;

  it('is a METHOD:REQUEST VEVENT with a stable UID, the schedule in UTC and the sequence of its version', () => {
    const ics = calendarInvitation(
      event,
      recipient,
      'studio@example.com',
      page,
      new Date('2031-01-01T00:00:00Z'),
    );
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Event Studio//Events//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      `UID:${event.id}@event-studio`,
      'DTSTAMP:20310101T000000Z',
      'DTSTART:20310203T090000Z',
      'DTEND:20310203T103000Z',
      'SEQUENCE:2',
      'SUMMARY:Launch\\; Q&A\\, live',
      // Like the event's download: the description then the event's public page, which is its URL.
      'DESCRIPTION:Line one Line two\\nhttps://attend.example.com/e/6f1c1d1e-0000-4',
      ' 000-8000-000000000001',
      'URL:https://attend.example.com/e/6f1c1d1e-0000-4000-8000-000000000001',
      'ORGANIZER;CN=Event Studio:mailto:studio@example.com',
      // Folded at 75 octets; no reply asked of the attendee (the organizer is a no-reply sender).
      'ATTENDEE;CN="Ada Lovelace";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
      ' FALSE:mailto:ada@example.com',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('travels with the message as its .ics (icalEvent)', () => {
    const mail = calendarInviteMail(event, recipient, 'studio@example.com', page);
    expect(mail.to).toBe('ada@example.com');
    expect(mail.icalEvent.method).toBe('REQUEST');
    expect(mail.icalEvent.filename).toBe('invite.ics');
    expect(mail.icalEvent.content).toContain('SEQUENCE:2');
  });

  it("leads to the event's page from the invitation's body; a withdrawal does not", () => {
    const mail = calendarInviteMail(event, recipient, 'studio@example.com', page);
    expect(mail.text).toContain(`Event page: ${page}`);
    expect(mail.html).toContain(`<a href="${page}">Open the event page</a>`);
    const cancel = calendarInviteMail(event, recipient, 'studio@example.com', page, undefined, 'CANCEL');
    expect(cancel.text).not.toContain(page);
  });
});
