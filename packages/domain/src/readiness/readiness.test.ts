import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES } from '../email/default-templates.ts';
import type { ReadinessKey } from './api.ts';
import type { EventReadinessFacts, ReadinessVideo, SeriesReadinessFacts } from './facts.ts';
import { eventReadinessWarnings, readinessChecked, seriesReadinessWarnings } from './rules.ts';
import { eventReadinessHref } from './links.ts';

const EVENT = { id: 'e1', event_type: 'Conference', host_type: 'Virtual' as const };
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 9, minutes)).toISOString();
const video = (over: Partial<ReadinessVideo> = {}): ReadinessVideo => ({
  id: 'v1',
  name: 'Keynote cut',
  transcode_status: 'COMPLETE',
  warnings: [],
  errors: [],
  duration: 56 * 60 + 30,
  ...over,
});
const GOOD_TEMPLATES = [
  {
    id: 't1',
    name: 'Registration email',
    email_type: 'Registration',
    html: '<a href="{{ magic_link }}">in</a>',
  },
  { id: 't2', name: 'Reminder 1 day before', email_type: 'Reminder-1d', html: '{{ magic_link }}' },
];

/** A ready event: one track, a live session with a speaker and a simulive session that fits. */
const ready = (): EventReadinessFacts => ({
  event: EVENT,
  event_roles_enabled: true,
  tracks: [{ id: 'track1', title: 'Main stage' }],
  items: [
    {
      id: 'i1',
      title: 'Welcome',
      track_id: 'track1',
      broadcast_id: 's1',
      start_time: at(0),
      end_time: at(30),
    },
    {
      id: 'i2',
      title: 'Replay',
      track_id: 'track1',
      broadcast_id: 's2',
      start_time: at(30),
      end_time: at(90),
    },
  ],
  sessions: [
    {
      id: 's1',
      title: 'Welcome',
      broadcast_type: 'LIVE',
      start_time: at(0),
      end_time: at(30),
      track_ids: ['track1'],
      speaker_count: 1,
      video_ids: [],
    },
    {
      id: 's2',
      title: 'Replay',
      broadcast_type: 'SIMULIVE',
      start_time: at(30),
      end_time: at(90),
      track_ids: ['track1'],
      speaker_count: 0,
      video_ids: ['v1'],
    },
  ],
  videos: [video()],
  buffer_video_id: null,
  people: [
    {
      user_id: 'u1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      kind: 'speaker',
      broadcast_count: 1,
      tech_check_done: true,
    },
  ],
  emails: { confirmations_on: true, templates: GOOD_TEMPLATES },
});
const ALL = { eventUpdate: true, brandingUpdate: true };
const keysOf = (facts: EventReadinessFacts) =>
  eventReadinessWarnings(facts, ALL).map((warning) => warning.key);

describe('event readiness warnings (002 §8.6)', () => {
  it('a ready event has none', () => {
    expect(eventReadinessWarnings(ready(), ALL)).toEqual([]);
  });

  const cases: [string, (facts: EventReadinessFacts) => void, ReadinessKey[]][] = [
    [
      'an agenda without sessions',
      (f) => Object.assign(f, { sessions: [], items: [], people: [] }),
      ['NO_SESSIONS'],
    ],
    [
      'a recording without sessions, with its video (its video is its content)',
      (f) =>
        Object.assign(f, {
          sessions: [],
          items: [],
          people: [],
          buffer_video_id: 'v1',
          event: { ...f.event, event_type: 'Recording' },
        }),
      [],
    ],
    [
      'a recording without a video',
      (f) =>
        Object.assign(f, {
          sessions: [],
          items: [],
          people: [],
          event: { ...f.event, event_type: 'Recording' },
        }),
      ['RECORDING_WITHOUT_VIDEO'],
    ],
    [
      'an agenda item outside a track',
      (f) => void ((f.items[0] as { track_id: string | null }).track_id = null),
      ['ITEM_NOT_IN_TRACK'],
    ],
    [
      'a live session without speakers',
      (f) => (f.sessions[0]!.speaker_count = 0),
      ['SESSION_WITHOUT_SPEAKERS'],
    ],
    ['a session in no track', (f) => (f.sessions[0]!.track_ids = []), ['SESSION_NOT_IN_TRACK']],
    [
      'sessions overlapping in a track',
      (f) => ((f.items[1] as { start_time: string }).start_time = at(20)),
      ['TRACK_OVERLAPPING_SESSIONS'],
    ],
    ['a simulive session without video', (f) => (f.sessions[1]!.video_ids = []), ['SESSION_WITHOUT_VIDEO']],
    [
      'a speaker without tech check or sessions',
      (f) => Object.assign(f.people[0]!, { tech_check_done: false, broadcast_count: 0 }),
      ['SPEAKER_TECH_CHECK', 'SPEAKER_NO_BROADCASTS'],
    ],
    [
      'staff without tech check or sessions',
      (f) => Object.assign(f.people[0]!, { kind: 'staff', tech_check_done: false, broadcast_count: 0 }),
      ['STAFF_TECH_CHECK', 'STAFF_NO_BROADCASTS'],
    ],
    [
      'a buffer video with a warning',
      (f) => {
        f.videos = [...f.videos, video({ id: 'b', name: 'Loop', warnings: ['No audio'] })];
        f.buffer_video_id = 'b';
      },
      ['BUFFER_VIDEO_PROBLEM'],
    ],
    [
      'a session video still processing (and none processed)',
      (f) => (f.videos = [video({ transcode_status: 'PROGRESSING' })]),
      ['VIDEO_PROBLEM', 'NO_PROCESSED_VIDEOS'],
    ],
    [
      'a session video that failed',
      (f) => (f.videos = [video({ transcode_status: 'ERROR', errors: ['Corrupt file'] })]),
      ['VIDEO_PROCESSING_ERROR', 'NO_PROCESSED_VIDEOS'],
    ],
    [
      'a video too long for its session',
      (f) => (f.videos = [video({ duration: 59 * 60 })]),
      ['SIMULIVE_VIDEO_LENGTH'],
    ],
    ['a video far too short', (f) => (f.videos = [video({ duration: 50 * 60 })]), ['SIMULIVE_VIDEO_LENGTH']],
    ['a video of unknown length', (f) => (f.videos = [video({ duration: null })]), ['SIMULIVE_VIDEO_LENGTH']],
    [
      'a reminder without the magic link',
      (f) => (f.emails = { ...f.emails, templates: [{ ...GOOD_TEMPLATES[1]!, html: '<p>Soon</p>' }] }),
      ['TEMPLATE_MISSING_MAGIC_LINK'],
    ],
    [
      'confirmations off',
      (f) => (f.emails = { ...f.emails, confirmations_on: false }),
      ['CONFIRMATIONS_OFF'],
    ],
    [
      'an in-person confirmation without QR code or location',
      (f) => (f.event = { ...EVENT, host_type: 'Hybrid' }),
      ['TEMPLATE_MISSING_QR_OR_LOCATION'],
    ],
  ];
  it.each(cases)('%s', (_name, change, keys) => {
    const facts = ready();
    change(facts);
    expect(keysOf(facts)).toEqual(keys);
  });

  it.each(['Hybrid', 'In_Person'] as const)(
    "a brand-new %s event's default templates are ready: magic link, QR code and location",
    (host_type) => {
      const facts = ready();
      facts.event = { ...EVENT, host_type };
      facts.emails = {
        confirmations_on: true,
        templates: DEFAULT_EMAIL_TEMPLATES.map((template, index) => ({
          id: `default-${index}`,
          name: template.name,
          email_type: template.email_type,
          html: template.email_html,
        })),
      };
      expect(keysOf(facts)).toEqual([]);
    },
  );

  it('says how the video length is off, with the spec’s margin and fallback', () => {
    const messageOf = (duration: number | null) => {
      const facts = ready();
      facts.videos = [video({ duration })];
      return eventReadinessWarnings(facts, ALL)[0]?.message;
    };
    // 60-minute session: 58 min of video is exactly the 2-minute margin; 56 min is 4 (still fine).
    expect(messageOf(58 * 60)).toBeUndefined();
    expect(messageOf(56 * 60)).toBeUndefined();
    expect(messageOf(58 * 60 + 1)).toBe(
      'Session "Replay": the session should be 2 minutes longer than the video.',
    );
    expect(messageOf(56 * 60 - 1)).toBe(
      'Session "Replay": the video is more than 2 minutes shorter than the session.',
    );
    expect(messageOf(null)).toBe('Total video length exception');
  });

  it('says "Please re-upload" for a failed video, with the item’s source fields', () => {
    const facts = ready();
    facts.videos = [video({ transcode_status: 'ERROR', errors: ['Corrupt file'] })];
    expect(eventReadinessWarnings(facts, ALL)[0]).toMatchObject({
      key: 'VIDEO_PROCESSING_ERROR',
      area: 'media',
      message: 'Video "Keynote cut" had a processing error. Please re-upload',
      actionRequired: 'Please re-upload',
      action: '/events/e1/programs/agenda?broadcastId=s2',
      entityId: 'v1',
      broadcast_id: 's2',
      broadcast_title: 'Replay',
      video_name: 'Keynote cut',
      error_type: 'Corrupt file',
    });
  });

  it('removes duplicate messages (one video in two sessions warns once)', () => {
    const facts = ready();
    facts.videos = [video({ transcode_status: 'PROGRESSING' })];
    facts.sessions = [...facts.sessions, { ...facts.sessions[1]!, id: 's3', title: 'Replay' }];
    const keys = eventReadinessWarnings(facts, ALL).map((warning) => warning.key);
    expect(keys.filter((key) => key === 'VIDEO_PROBLEM')).toHaveLength(1);
  });

  it('links only where the person may fix it (002 §6)', () => {
    const facts = ready();
    facts.sessions[0]!.speaker_count = 0;
    facts.emails = { ...facts.emails, templates: [{ ...GOOD_TEMPLATES[1]!, html: '' }] };
    const actionsOf = (eventUpdate: boolean, brandingUpdate: boolean) =>
      eventReadinessWarnings(facts, { eventUpdate, brandingUpdate }).map((warning) => warning.action);
    expect(actionsOf(true, true)).toEqual([
      '/events/e1/programs/agenda?broadcastId=s1',
      '/events/e1/email/templates?emailTemplateId=t2',
    ]);
    expect(actionsOf(true, false)).toEqual(['/events/e1/programs/agenda?broadcastId=s1', null]);
    expect(actionsOf(false, true)).toEqual([null, '/events/e1/email/templates?emailTemplateId=t2']);
  });

  it('leaves out staff warnings without event roles or for an in-person event (002 §6)', () => {
    const staff = (change: Partial<EventReadinessFacts>) => {
      const facts = { ...ready(), ...change };
      facts.people = [{ ...facts.people[0]!, kind: 'staff', tech_check_done: false }];
      return keysOf(facts).filter((key) => key.startsWith('STAFF'));
    };
    expect(staff({})).toEqual(['STAFF_TECH_CHECK']);
    expect(staff({ event_roles_enabled: false })).toEqual([]);
    expect(staff({ event: { ...EVENT, host_type: 'In_Person' } })).toEqual([]);
  });

  it('gives a webinar no track warnings: its sessions need no tracks', () => {
    const facts = ready();
    facts.event = { ...EVENT, event_type: 'Webinar' };
    facts.sessions[0]!.track_ids = [];
    (facts.items[0] as { track_id: string | null }).track_id = null;
    expect(keysOf(facts)).toEqual([]);
  });

  it('links a webinar’s session warning to its own sessions page', () => {
    const facts = ready();
    facts.event = { ...EVENT, event_type: 'Webinar' };
    facts.sessions[0]!.speaker_count = 0;
    expect(eventReadinessWarnings(facts, ALL)[0]?.action).toBe('/webinar/e1/programs/agenda?broadcastId=s1');
  });

  it('links a webinar’s speaker and staff warnings to its speakers and staff pages', () => {
    const facts = ready();
    facts.event = { ...EVENT, event_type: 'Webinar' };
    facts.people = [
      { ...facts.people[0]!, kind: 'speaker', tech_check_done: false },
      { ...facts.people[0]!, kind: 'staff', tech_check_done: false },
    ];
    expect(eventReadinessWarnings(facts, ALL).map((warning) => warning.action)).toEqual([
      '/webinar/e1/programs/speakers',
      '/webinar/e1/details/staff',
    ]);
  });

  it('links a webinar’s buffer video to its look and feel', () => {
    const facts = ready();
    facts.event = { ...EVENT, event_type: 'Webinar' };
    facts.videos = [...facts.videos, video({ id: 'b', name: 'Loop', transcode_status: 'ERROR' })];
    facts.buffer_video_id = 'b';
    expect(eventReadinessWarnings(facts, ALL)[0]?.action).toBe('/webinar/e1/look-and-feel#bufferVideo');
  });

  it('links a recording’s missing video to its page, for those who may change it', () => {
    const facts = { ...ready(), sessions: [], items: [], people: [] };
    facts.event = { ...EVENT, event_type: 'Recording' };
    expect(eventReadinessWarnings(facts, ALL)).toMatchObject([
      {
        key: 'RECORDING_WITHOUT_VIDEO',
        area: 'media',
        message: 'The recording has no video yet: attendees will have nothing to watch.',
        actionRequired: 'Add a video',
        action: '/recording-event/e1',
      },
    ]);
    expect(eventReadinessWarnings(facts, { eventUpdate: true, brandingUpdate: false })[0]?.action).toBeNull();
  });

  it('links a recording’s email template to its own workspace’s email templates', () => {
    const facts = { ...ready(), sessions: [], items: [], people: [], buffer_video_id: 'v1' };
    facts.event = { ...EVENT, event_type: 'Recording' };
    facts.emails = { ...facts.emails, templates: [{ ...GOOD_TEMPLATES[1]!, html: '' }] };
    expect(eventReadinessWarnings(facts, ALL).map((warning) => warning.action)).toEqual([
      '/recording-event/e1/email/templates?emailTemplateId=t2',
    ]);
    expect(eventReadinessHref(facts.event, { page: 'registrationPage' })).toBe('/recording-event/e1/page');
  });
});

describe('series readiness warnings (002 §8.6 "Series")', () => {
  const series = (change: Partial<SeriesReadinessFacts> = {}): SeriesReadinessFacts => ({
    series: { id: 'x1', repeating: false },
    emails: { confirmations_on: true, templates: GOOD_TEMPLATES },
    event_list_rows: 1,
    ...change,
  });
  const keys = (facts: SeriesReadinessFacts) =>
    seriesReadinessWarnings(facts, ALL).map((warning) => warning.key);

  it.each([
    [series(), []],
    [series({ emails: { confirmations_on: false, templates: [] } }), ['SERIES_CONFIRMATIONS_OFF']],
    [series({ event_list_rows: 0 }), ['SERIES_EVENT_LIST_ROWS']],
    [series({ event_list_rows: 2 }), ['SERIES_EVENT_LIST_ROWS']],
    [
      series({
        emails: { confirmations_on: true, templates: [{ ...GOOD_TEMPLATES[0]!, html: '<p>Hi</p>' }] },
      }),
      ['SERIES_MISSING_ENTRANCE_LINKS'],
    ],
  ] as [SeriesReadinessFacts, ReadinessKey[]][])('%#', (facts, expected) => {
    expect(keys(facts)).toEqual(expected);
  });

  it('links a repeating event’s template to its own email templates page', () => {
    const facts = series({
      series: { id: 'x1', repeating: true },
      emails: { confirmations_on: true, templates: [{ ...GOOD_TEMPLATES[0]!, html: '' }] },
    });
    expect(seriesReadinessWarnings(facts, ALL)[0]?.action).toBe(
      '/repeating-event/x1/email/templates?emailTemplateId=t1',
    );
  });
});

describe('which events readiness checks (002 §1: what is missing before an event)', () => {
  const now = new Date('2031-05-04T12:00:00Z');
  const times = (end: string) => ({ start_time: '2031-05-04T08:00:00Z', end_time: end });
  it('checks an event until it ends, a Recording always', () => {
    expect(readinessChecked({ ...times('2031-05-04T13:00:00Z'), event_type: 'Conference' }, now)).toBe(true);
    expect(readinessChecked({ ...times('2031-05-04T12:00:00Z'), event_type: 'Conference' }, now)).toBe(false);
    expect(readinessChecked({ ...times('2031-05-04T09:00:00Z'), event_type: 'Webinar' }, now)).toBe(false);
    expect(readinessChecked({ ...times('2031-05-04T09:00:00Z'), event_type: 'Recording' }, now)).toBe(true);
  });
});
