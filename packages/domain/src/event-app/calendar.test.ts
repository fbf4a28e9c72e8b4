import { describe, expect, it } from 'vitest';
import { calendarLink, type CalendarEntry } from './calendar.ts';

/** A whole event as its registration confirmation offers it: a title and text that need encoding. */
const summit: CalendarEntry = {
  id: 'e-1',
  title: 'Q&A #1: "Rust" + <TS>',
  description: 'Day one & two; bring a laptop',
  start_time: '2031-11-26T19:00:00.000Z',
  end_time: '2031-11-27T17:30:00.000Z',
  url: 'https://events.example.test/e/e-1',
  location: 'Hall 4, Messe Berlin',
};

describe('add-to-calendar links of an event', () => {
  it('give Google the UTC basic times and the title, details and place, each encoded', () => {
    const link = calendarLink('google', summit);
    expect(link.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(true);
    // Nothing of the text reaches the address unencoded.
    expect(link).not.toMatch(/[ "<>#]|&(?!(text|dates|details|location)=)/);
    const params = new URL(link).searchParams;
    expect(params.get('dates')).toBe('20311126T190000Z/20311127T173000Z');
    expect(params.get('text')).toBe('Q&A #1: "Rust" + <TS>');
    expect(params.get('details')).toBe('Day one & two; bring a laptop\nhttps://events.example.test/e/e-1');
    expect(params.get('location')).toBe('Hall 4, Messe Berlin');
  });

  it('give Outlook.com and Microsoft 365 their compose deeplinks with ISO instants', () => {
    for (const [type, host] of [
      ['outlookcom', 'outlook.live.com'],
      ['outlook', 'outlook.office.com'],
    ] as const) {
      const url = new URL(calendarLink(type, summit));
      expect(url.host).toBe(host);
      expect(url.pathname).toBe('/calendar/0/deeplink/compose');
      expect(url.searchParams.get('rru')).toBe('addevent');
      expect(url.searchParams.get('subject')).toBe(summit.title);
      expect(url.searchParams.get('startdt')).toBe('2031-11-26T19:00:00.000Z');
      expect(url.searchParams.get('enddt')).toBe('2031-11-27T17:30:00.000Z');
      expect(url.searchParams.get('location')).toBe('Hall 4, Messe Berlin');
    }
  });

  it("use the event's page as the place of an online event", () => {
    const online = { ...summit, location: '  ' };
    expect(new URL(calendarLink('google', online)).searchParams.get('location')).toBe(summit.url);
    expect(new URL(calendarLink('outlook', { ...summit, location: null })).searchParams.get('location')).toBe(
      summit.url,
    );
  });
});
