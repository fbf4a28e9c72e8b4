import { describe, expect, it } from 'vitest';
import { calendarLink, icsOf } from './calendar.ts';
import { EVENT_APP_DEFAULTS, mayEnterEvent, navigatorTabs, profileComplete } from './rules.ts';

const session = {
  id: 's-1',
  title: 'Keynote, day 1',
  description: 'Opening; welcome',
  start_time: '2031-05-01T14:00:00Z',
  end_time: '2031-05-01T15:00:00Z',
  url: 'https://events.example.test/e/1/live',
};

describe('event app rules', () => {
  it('shows the default tabs, and hides or renames them as set', () => {
    expect(navigatorTabs(EVENT_APP_DEFAULTS).map((tab) => tab.title)).toEqual([
      'Stage',
      'Agenda',
      'Rooms',
      'Booths',
      'Speakers',
      'People',
    ]);
    const set = navigatorTabs({
      ...EVENT_APP_DEFAULTS,
      show_discussion_rooms: false,
      booth_tab_title: 'Expo',
      booth_tab_title_2: ' Partners ',
      speaker_tab_visible: false,
      people_tab_title: '  ',
    });
    expect(set.map((tab) => [tab.tab, tab.title])).toEqual([
      ['stage', 'Stage'],
      ['agenda', 'Agenda'],
      ['booths', 'Expo'],
      ['secondary_booths', 'Partners'],
      ['people', 'People'],
    ]);
  });

  it('opens one hour before the start, or any time with early entry on', () => {
    const event = { start_time: new Date('2031-05-01T13:00:00Z') };
    expect(mayEnterEvent(event, EVENT_APP_DEFAULTS, new Date('2031-05-01T11:59:59Z'))).toBe(false);
    expect(mayEnterEvent(event, EVENT_APP_DEFAULTS, new Date('2031-05-01T12:00:00Z'))).toBe(true);
    expect(
      mayEnterEvent(event, { disable_enter_event_button: false }, new Date('2031-04-01T00:00:00Z')),
    ).toBe(true);
  });

  it('needs every mandatory profile field, trimmed', () => {
    expect(profileComplete({ first_name: 'A', last_name: 'B', title: 'C', company: 'D' })).toBe(true);
    expect(profileComplete({ first_name: 'A', last_name: 'B', title: ' ', company: 'D' })).toBe(false);
  });

  it('builds the calendars: web links and an escaped .ics', () => {
    const google = new URL(calendarLink('google', session));
    expect(google.host).toBe('calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20310501T140000Z/20310501T150000Z');
    expect(google.searchParams.get('text')).toBe('Keynote, day 1');
    expect(new URL(calendarLink('outlookcom', session)).host).toBe('outlook.live.com');
    expect(new URL(calendarLink('outlook', session)).searchParams.get('startdt')).toBe(
      '2031-05-01T14:00:00.000Z',
    );
    const ics = icsOf(session, new Date('2031-01-01T00:00:00Z'));
    expect(ics).toContain('DTSTART:20310501T140000Z\r\n');
    expect(ics).toContain('SUMMARY:Keynote\\, day 1\r\n');
    expect(ics).toContain('DESCRIPTION:Opening\\; welcome\\nhttps://events.example.test/e/1/live');
  });
});
