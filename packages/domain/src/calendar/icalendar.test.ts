import { describe, expect, it } from 'vitest';
import { eventCalendarEntry, icalendar, type CalendarInvitation } from './icalendar.ts';

const invitation: CalendarInvitation = {
  product: 'Events',
  method: 'REQUEST',
  organizer: 'no-reply@example.com',
  attendee: { name: 'Ada "the Countess" Lovelace', email: 'ada@example.com' },
  entries: [
    {
      uid: 'event-1@event-studio',
      start: new Date('2031-02-03T09:00:00Z'),
      end: new Date('2031-02-03T10:30:00Z'),
      sequence: 2,
      summary: 'Launch; day, one',
      description: 'Line one\nLine two',
      location: null,
    },
  ],
  now: new Date('2031-01-01T00:00:00Z'),
};

/** Unfolded lines (RFC 5545 §3.1). */
const lines = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('the iCalendar writer', () => {
  it('writes a REQUEST with UTC times, escaped text, the sequence and CRLF line ends', () => {
    const text = icalendar(invitation);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(lines(text)).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'PRODID:-//Event Studio//Events//EN',
        'UID:event-1@event-studio',
        'DTSTAMP:20310101T000000Z',
        'DTSTART:20310203T090000Z',
        'DTEND:20310203T103000Z',
        'SEQUENCE:2',
        'SUMMARY:Launch\\; day\\, one',
        'DESCRIPTION:Line one\\nLine two',
        'STATUS:CONFIRMED',
      ]),
    );
    expect(text).not.toContain('LOCATION:');
    expect(lines(text).find((line) => line.startsWith('ATTENDEE'))).toContain(
      `CN="Ada 'the Countess' Lovelace"`,
    );
  });

  it('withdraws entries with CANCEL (the same UID, CANCELLED)', () => {
    const text = lines(icalendar({ ...invitation, method: 'CANCEL' }));
    expect(text).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'UID:event-1@event-studio', 'STATUS:CANCELLED']),
    );
  });

  it('folds lines longer than 75 octets, counting multi-byte characters whole', () => {
    const summary = 'Ünïcödé '.repeat(20);
    const text = icalendar({ ...invitation, entries: [{ ...invitation.entries[0]!, summary }] });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines(text)).toContain(`SUMMARY:${summary}`);
  });

  it('asks no reply of the attendee: the organizer is a no-reply sender (RSVP=FALSE)', () => {
    const attendee = lines(icalendar(invitation)).find((line) => line.startsWith('ATTENDEE'));
    expect(attendee).toContain(';RSVP=FALSE:mailto:ada@example.com');
    expect(attendee).not.toContain('RSVP=TRUE');
  });

  it("gives an event's entry its public page: the URL and the description's last line", () => {
    const event = {
      id: 'event-1',
      title: 'Launch',
      description: '<p>Our <strong>launch</strong> &amp; party</p>',
      location: 'Harbour Hall',
      start_time: new Date('2031-02-03T09:00:00Z'),
      end_time: new Date('2031-02-03T10:30:00Z'),
      calendar_sequence: 1,
    };
    const page = 'https://attend.example.com/e/event-1';
    const text = lines(icalendar({ ...invitation, entries: [eventCalendarEntry(event, page)] }));
    expect(text).toEqual(
      expect.arrayContaining([
        'UID:event-1@event-studio',
        `URL:${page}`,
        `DESCRIPTION:Our launch & party\\n${page}`,
        'LOCATION:Harbour Hall',
      ]),
    );
    // No description: the page alone.
    expect(eventCalendarEntry({ ...event, description: null }, page).description).toBe(page);
  });

  it('falls back to the email address when the attendee has no name', () => {
    const text = icalendar({ ...invitation, attendee: { name: ' ', email: 'x@example.com' } });
    expect(lines(text).find((line) => line.startsWith('ATTENDEE'))).toContain('CN="x@example.com"');
  });

  it('publishes entries anyone may add: PUBLISH, no organizer or attendee', () => {
    const { product, entries, now } = invitation;
    const text = lines(icalendar({ product, method: 'PUBLISH', entries, now }));
    expect(text).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'UID:event-1@event-studio',
        'SEQUENCE:2',
        'STATUS:CONFIRMED',
      ]),
    );
    expect(text.some((line) => /^(ORGANIZER|ATTENDEE)/.test(line))).toBe(false);
  });
});
