import { describe, expect, it } from 'vitest';
import { calendarLink, icsOf } from './calendar.ts';
import { DEFAULT_EVENT_BRANDING } from '../branding/fields.ts';
import { mayEnterEvent, navigatorTabs, nowAndNext, profileComplete } from './rules.ts';

const session = {
  id: 's-1',
  title: 'Keynote, day 1',
  description: 'Opening; welcome',
  start_time: '2031-05-01T14:00:00Z',
  end_time: '2031-05-01T15:00:00Z',
  url: 'https://events.example.test/e/1/live',
};

describe('event app rules', () => {
  const live = { webinar: false, hasSecondaryBooths: false };

  it('shows the default tabs, and hides or renames them as set', () => {
    expect(navigatorTabs(DEFAULT_EVENT_BRANDING, live).map((tab) => tab.title)).toEqual([
      'Stage',
      'Agenda',
      'Rooms',
      'Speakers',
      'People',
    ]);
    const set = navigatorTabs(
      {
        ...DEFAULT_EVENT_BRANDING,
        show_discussion_rooms: false,
        show_event_booths: true,
        booth_tab_title: 'Expo',
        booth_tab_title_2: ' Partners ',
        speaker_tab_visible: false,
        people_tab_title: '  ',
      },
      { webinar: false, hasSecondaryBooths: true },
    );
    expect(set.map((tab) => [tab.tab, tab.title])).toEqual([
      ['stage', 'Stage'],
      ['agenda', 'Agenda'],
      ['booths', 'Expo'],
      ['secondary_booths', 'Partners'],
      ['people', 'People'],
    ]);
  });

  it('shows Secondary Booths only when the event has booths of that kind, under its default title', () => {
    const booths = { ...DEFAULT_EVENT_BRANDING, show_event_booths: true, booth_tab_title_2: '' };
    expect(navigatorTabs(booths, live).map((tab) => tab.tab)).not.toContain('secondary_booths');
    expect(navigatorTabs(booths, { webinar: false, hasSecondaryBooths: true })).toContainEqual({
      tab: 'secondary_booths',
      title: 'Secondary Booths',
    });
  });

  it('never shows rooms or booths for a webinar (002 §5.7)', () => {
    const tabs = navigatorTabs(
      { ...DEFAULT_EVENT_BRANDING, show_event_booths: true },
      { webinar: true, hasSecondaryBooths: true },
    );
    expect(tabs.map((tab) => tab.tab)).toEqual(['stage', 'agenda', 'speakers', 'people']);
  });

  it('opens one hour before the start, or any time with early entry on', () => {
    const event = { start_time: new Date('2031-05-01T13:00:00Z') };
    expect(mayEnterEvent(event, DEFAULT_EVENT_BRANDING, new Date('2031-05-01T11:59:59Z'))).toBe(false);
    expect(mayEnterEvent(event, DEFAULT_EVENT_BRANDING, new Date('2031-05-01T12:00:00Z'))).toBe(true);
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

describe('nowAndNext', () => {
  const day = [
    { id: 'b', start_time: '2031-05-01T15:00:00Z', end_time: '2031-05-01T16:00:00Z' },
    { id: 'a', start_time: '2031-05-01T14:00:00Z', end_time: '2031-05-01T15:00:00Z' },
  ];
  it('names the session on now and the next to start; none before, between and after', () => {
    expect(nowAndNext(day, new Date('2031-05-01T13:00:00Z'))).toEqual({ now: null, next: day[1] });
    expect(nowAndNext(day, new Date('2031-05-01T14:30:00Z'))).toEqual({ now: day[1], next: day[0] });
    expect(nowAndNext(day, new Date('2031-05-01T15:00:00Z'))).toEqual({ now: day[0], next: null });
    expect(nowAndNext(day, new Date('2031-05-01T17:00:00Z'))).toEqual({ now: null, next: null });
  });
});
