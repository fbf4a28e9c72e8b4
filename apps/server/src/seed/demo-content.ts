import {
  type BrandingRequest,
  choiceOptions,
  type CreateUserRequest,
  cueTime,
  type EventType,
  type HostType,
} from '@studio/domain';
import type { ClipKind } from './demo-clips.ts';

/** What `npm run seed:demo` creates: one organisation a newcomer can click through. */

/** A line of a demo video's speech: who says it, and what. */
export type SpokenLine = readonly [speaker: string, text: string];

/** Captions as an organiser would upload them (WebVTT with voices), the lines spread over the video's `seconds`. */
export function spokenCaptions(lines: readonly SpokenLine[], seconds: number): string {
  const each = seconds / lines.length;
  const cues = lines.map(
    ([speaker, text], index) =>
      `${cueTime(index * each)} --> ${cueTime((index + 1) * each)}\n<v ${speaker}>${text}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

export const DEMO_ORGANIZATION_NAME = 'Northwind Events (demo)';

/** The demo organisation's admin; the seed prints this sign-in. */
export const DEMO_ADMIN = {
  email: 'demo.admin@example.com',
  password: 'Demo@Studio1',
  first_name: 'Dana',
  last_name: 'Admin',
};

export const DEMO_TEAMS = ['Marketing', 'Customer Success'] as const;
type Team = (typeof DEMO_TEAMS)[number];

type DemoMember = Pick<CreateUserRequest, 'email' | 'first_name' | 'last_name' | 'title' | 'role'> & {
  teams: Team[];
};

/** Invited by the admin (a temporary password each, kept in the mail outbox). */
export const DEMO_MEMBERS: DemoMember[] = [
  {
    email: 'grace.hopper@example.com',
    first_name: 'Grace',
    last_name: 'Hopper',
    title: 'Event producer',
    role: 'EVENT_EDITOR',
    teams: ['Marketing'],
  },
  {
    email: 'alan.turing@example.com',
    first_name: 'Alan',
    last_name: 'Turing',
    title: 'Customer success lead',
    role: 'WORKSPACE_ADMIN',
    teams: ['Customer Success'],
  },
  {
    email: 'katherine.johnson@example.com',
    first_name: 'Katherine',
    last_name: 'Johnson',
    title: 'Analyst',
    role: null,
    teams: ['Marketing', 'Customer Success'],
  },
];

export const DEMO_TAGS = ['Product', 'Customer stories', 'All hands'] as const;
type TagName = (typeof DEMO_TAGS)[number];

export const DEMO_SERIES = {
  name: 'Customer Success Stories',
  description: 'Customers tell how they run their events, one webinar a fortnight.',
};

const HOUR = 60;
const DAY = 24 * HOUR;

/** Events placed around the time of the seed: past, live now and upcoming; one recorded without an audience. */
export const DEMO_EVENTS: {
  title: string;
  event_type: EventType;
  host_type: HostType;
  /** Minutes from the seed's time (rounded down to five minutes). */
  startsIn: number;
  /** Starts at this hour (UTC) of the day `startsIn` falls on, so its agenda's days never depend on when the seed runs. */
  atHourUtc?: number;
  minutes: number;
  description: string;
  location?: string;
  timezone?: string;
  team?: Team;
  tags: TagName[];
  inSeries?: boolean;
}[] = [
  {
    title: 'Spring Product Launch',
    event_type: 'Conference',
    host_type: 'Virtual',
    startsIn: -7 * DAY,
    minutes: 2 * HOUR,
    description: 'What is new this spring, from the people who built it.',
    team: 'Marketing',
    tags: ['Product'],
  },
  {
    title: 'All-Hands Live Q&A',
    event_type: 'Webinar',
    host_type: 'Virtual',
    startsIn: -15,
    minutes: HOUR,
    description: 'Questions from the whole company, answered live.',
    tags: ['All hands'],
  },
  {
    title: 'Customer Stories: Onboarding in a Week',
    event_type: 'Webinar',
    host_type: 'Virtual',
    startsIn: 3 * DAY,
    minutes: HOUR,
    description: 'How a new customer ran their first event seven days after signing.',
    team: 'Customer Success',
    tags: ['Customer stories'],
    inSeries: true,
  },
  {
    title: 'Customer Stories: Scaling to 10,000 Attendees',
    event_type: 'Webinar',
    host_type: 'Hybrid',
    startsIn: 17 * DAY,
    minutes: HOUR,
    description: 'From a room of fifty to a global audience.',
    team: 'Customer Success',
    tags: ['Customer stories'],
    inSeries: true,
  },
  {
    title: 'Product Tour: Recorded Walkthrough',
    event_type: 'Recording',
    host_type: 'Virtual',
    // No schedule: made as the studio makes one, it stores its creation time as its start and end.
    startsIn: 0,
    minutes: 0,
    description: 'The new release shown step by step, recorded in the studio for the on-demand library.',
    team: 'Marketing',
    tags: ['Product'],
  },
  {
    title: 'Northwind Summit',
    event_type: 'Conference',
    host_type: 'In_Person',
    startsIn: 60 * DAY,
    atHourUtc: 9,
    minutes: DAY + 8 * HOUR,
    timezone: 'Europe/Lisbon',
    description: 'Our yearly gathering over two days: keynotes, workshops and the partner fair.',
    location: 'Lisbon Congress Centre',
    tags: ['Product'],
  },
];

/** When a demo event starts, given the seed's time. */
export function demoEventStart(event: { startsIn: number; atHourUtc?: number }, now: number): number {
  const start = now + event.startsIn * 60_000;
  return event.atHourUtc === undefined ? start : new Date(start).setUTCHours(event.atHourUtc, 0, 0, 0);
}

/** How many people signed up on the demo recording's page to watch it. */
export const DEMO_RECORDING_REGISTRANTS = 6;

/** Library videos, generated with ffmpeg and processed by the pipeline. */
export const DEMO_VIDEOS: {
  name: string;
  clip: ClipKind;
  description: string;
  team?: Team;
  event?: string;
  /**
   * The event whose buffer video (stage roll) it becomes, so the library shows it in use; for a
   * recording, the video it is (what its event app and on-demand page play).
   */
  bufferVideoOf?: string;
  /** Chapters, each at a fraction of the clip (its length is chosen when seeding). */
  chapters?: { title: string; at: number }[];
}[] = [
  {
    name: 'Spring Product Launch — keynote',
    clip: 'h264-aac',
    description: 'The keynote recording (H.264/AAC: the pipeline copies it into HLS).',
    team: 'Marketing',
    event: 'Spring Product Launch',
    bufferVideoOf: 'Product Tour: Recorded Walkthrough',
    chapters: [
      { title: 'Welcome', at: 0 },
      { title: 'The launch', at: 0.25 },
      { title: 'Questions', at: 0.75 },
    ],
  },
  {
    name: 'All-hands highlights',
    clip: 'mpeg4-aac',
    description: 'An MPEG-4 Part 2 upload: the pipeline encodes it.',
    bufferVideoOf: 'All-Hands Live Q&A',
  },
  {
    name: 'Office b-roll (no sound)',
    clip: 'h264-silent',
    description: 'A video without an audio track: the library shows a warning.',
    team: 'Customer Success',
  },
];

/**
 * Content Lab (issue 37): an interview imported into Content Lab, kept in a project, and a clip of
 * its first half cut from it.
 */
export const DEMO_CONTENT_LAB: {
  project: string;
  team: Team;
  video: { name: string; clip: ClipKind; description: string };
  /** The interview as it was said, uploaded as captions (`spokenCaptions`): Content Lab shows it transcribed. */
  lines: readonly SpokenLine[];
  clip: string;
} = {
  project: 'Customer stories',
  team: 'Customer Success',
  video: {
    name: 'Fabrikam customer interview',
    clip: 'h264-aac',
    description: 'Imported into Content Lab: its clips are cut in the project "Customer stories".',
  },
  lines: [
    ['Dana Ruiz', 'Before the platform, our webinars ended when the stream did.'],
    ['Dana Ruiz', 'Now every session gives us clips for social the same afternoon.'],
    ['Sam Okafor', 'Which part of the interview should we cut for the newsletter?'],
  ],
  clip: 'Fabrikam interview — the short version',
};

/** The conference whose programme the demo fills (issue 14). */
export const DEMO_PROGRAMME_EVENT = 'Northwind Summit';

/**
 * Its two-day agenda: blocks in minutes from the event's start, in a track. A pre-recorded
 * session plays `video` (a demo video by name).
 */
export const DEMO_AGENDA: {
  track: 'Main stage' | 'Workshops';
  title: string;
  at: number;
  minutes: number;
  kind: 'session' | 'break';
  broadcast_type?: 'LIVE' | 'SIMULIVE' | 'RTMP';
  description?: string;
  video?: string;
}[] = [
  {
    track: 'Main stage',
    title: 'Opening keynote',
    at: 0,
    minutes: HOUR,
    kind: 'session',
    broadcast_type: 'LIVE',
    description: '<p>Where Northwind is going, and why.</p>',
  },
  {
    track: 'Main stage',
    title: 'Product tour (pre-recorded)',
    at: 90,
    minutes: 3,
    kind: 'session',
    broadcast_type: 'SIMULIVE',
    video: 'Spring Product Launch — keynote',
  },
  {
    track: 'Workshops',
    title: 'Hands-on: your first event',
    at: 60,
    minutes: 90,
    kind: 'session',
    broadcast_type: 'LIVE',
  },
  { track: 'Main stage', title: 'Lunch', at: 3 * HOUR, minutes: HOUR, kind: 'break' },
  {
    track: 'Workshops',
    title: 'Live from the partner fair',
    at: DAY,
    minutes: HOUR,
    kind: 'session',
    broadcast_type: 'RTMP',
  },
  {
    track: 'Main stage',
    title: 'Closing panel',
    at: DAY + 6 * HOUR,
    minutes: HOUR,
    kind: 'session',
    broadcast_type: 'LIVE',
  },
];

/** Its live input (issue 19): the RTMP session from the partner fair plays it. */
export const DEMO_RTMP_INPUT = 'Partner fair camera';

/** Its rooms and sponsor booths (one primary with a sponsor and a discussion room, one secondary). */
export const DEMO_ROOMS = [
  // A room's seats are one of its seat options, 1 to 50 (002 §9): the auditorium has no limit.
  { name: 'Auditorium', description: 'The main stage, open to everyone.' },
  {
    name: 'Workshop room B',
    description: 'Hands-on sessions, laptops welcome.',
    capacity: 40,
    is_breakout: true,
  },
];
export const DEMO_BOOTHS = [
  {
    name: 'Contoso Cloud',
    description: 'Meet the team behind Contoso Cloud and see the new console.',
    booth_type: 'primary' as const,
    discussion_group_objects: [{ name: 'Ask the Contoso team' }],
    resources: [
      { kind: 'link' as const, title: 'Contoso product tour', url: 'https://example.com/contoso-tour' },
    ],
    sponsor: {
      email: 'sam.sponsor@example.com',
      first_name: 'Sam',
      last_name: 'Sponsor',
      company: 'Contoso',
    },
  },
  {
    name: 'Fabrikam Analytics',
    description: 'Dashboards for every event.',
    booth_type: 'secondary' as const,
    resources: [],
  },
];

/** The opening keynote's Docs tab: its slides (a PDF made at seed time) and a link. */
export const DEMO_SESSION_DOCUMENTS = {
  session: 'Opening keynote',
  slides: {
    title: 'Keynote slides',
    fileName: 'keynote-slides.pdf',
    headline: 'Northwind Summit — Opening keynote',
  },
  link: { title: 'Northwind Summit resources', url: 'https://example.com/northwind-summit/resources' },
};

/** The demo conference's survey library; the first goes into the session named by `session`. */
export const DEMO_SURVEYS = [
  {
    title: 'Session feedback',
    description: 'Two minutes to help us make the next one better.',
    session: 'Opening keynote',
    questions: [
      { question_type: 'RATING' as const, required: true, text: 'How would you rate this session?' },
      {
        question_type: 'SINGLE_CHOICE' as const,
        required: true,
        text: 'Would you recommend Northwind Summit to a colleague?',
        options: [{ text: 'Yes' }, { text: 'Maybe' }, { text: 'No' }],
      },
      {
        question_type: 'MULTIPLE_CHOICE' as const,
        text: 'Which topics should we cover next time?',
        options: [{ text: 'Hybrid events' }, { text: 'Analytics' }, { text: 'Integrations' }],
      },
      { question_type: 'TEXT' as const, text: 'Anything else you would like to tell us?' },
    ],
  },
];

/**
 * What the first registrants answered to the keynote's 'Session feedback' (issue 34 §4), by
 * question in the survey's order: a rating, an option, options and text (left out when empty).
 */
export const DEMO_SURVEY_ANSWERS: [number, string, string[], string][] = [
  [5, 'Yes', ['Analytics', 'Integrations'], 'The live demo of the check-in desk was the highlight.'],
  [4, 'Maybe', ['Hybrid events'], ''],
  [3, 'Yes', [], 'More time for questions, please.'],
];

/**
 * The live All-Hands' programme: one live session over the whole event, so its event app's session
 * tabs and stage have something on now (the buffer video plays until its stream is on air), with the
 * CEO speaking, a live poll in the session, and what its attendees asked and said there.
 */
export const DEMO_ALL_HANDS = {
  session: {
    title: 'Ask the CEO anything',
    description: '<p>Ada answers the questions of the whole company, live.</p>',
    broadcast_type: 'LIVE' as const,
  },
  /** One of DEMO_SPEAKERS, by email. */
  speaker: 'ada.lovelace@example.com',
  announcement: 'We are live! Ask Ada anything in the Q&A tab, and vote for the questions you want answered.',
  poll: {
    question: 'What should the next all-hands focus on?',
    options: ['The product roadmap', 'Our customers', 'Hiring and teams', 'Q&A only'],
  },
  /** Asked by the first attendees (in order); the first is answered by the team, the others upvote the second. */
  questions: [
    { text: 'When does the new analytics dashboard ship?', answer: 'It reaches every customer next month.' },
    { text: 'Will next year’s summit be hybrid again?' },
  ],
  /** Said in the session's chat by the next attendees. */
  chat: ['Hello from the Lisbon office!', 'The sound is great today — thanks, team.'],
};

/** The demo conference's people (issue 15): speakers with portraits drawn at seed time, staff, check-in staff. */
export const DEMO_SPEAKERS = [
  {
    email: 'ada.lovelace@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    title: 'Chief Executive Officer',
    company: 'Northwind',
    linkedin_url: 'https://www.linkedin.com/in/ada-lovelace-demo',
    twitter_url: 'https://x.com/ada_demo',
    bio: 'Ada founded Northwind to make every event feel live.',
    colour: '#4c6ef5',
    sessions: ['Opening keynote', 'Closing panel'],
    role: 'FullAccess',
  },
  {
    email: 'linus.pauling@example.com',
    first_name: 'Linus',
    last_name: 'Pauling',
    title: 'Head of Product',
    company: 'Northwind',
    bio: 'Linus runs the product team and its demos.',
    colour: '#12b886',
    sessions: ['Product tour (pre-recorded)', 'Closing panel'],
    role: 'ShareAccess',
  },
  {
    email: 'mae.jemison@example.com',
    first_name: 'Mae',
    last_name: 'Jemison',
    title: 'Solutions Engineer',
    company: 'Contoso',
    bio: 'Mae helps customers run their first hybrid event.',
    colour: '#f76707',
    sessions: ['Hands-on: your first event'],
    role: 'StageAccess',
  },
];
export const DEMO_STAFF = [
  { email: 'grace.hopper@example.com', role: 'PRODUCER' },
  {
    email: 'rosalind.franklin@example.com',
    first_name: 'Rosalind',
    last_name: 'Franklin',
    title: 'Community manager',
    role: 'COORDINATOR',
  },
] as const;
export const DEMO_CHECK_IN_STAFF = {
  email: 'chris.checkin@example.com',
  first_name: 'Chris',
  last_name: 'Checkin',
};

/**
 * The demo conference's registration (issue 16): its form, its seats and 120 registrants — the
 * last 20 on the waitlist — of whom the first 30 are checked in at the door.
 */
export const DEMO_REGISTRATION = {
  form: {
    name: 'Northwind Summit registration',
    formio_data: {
      components: [
        { type: 'textfield' as const, key: 'company', label: 'Company', validate: { required: true } },
        { type: 'textfield' as const, key: 'title', label: 'Job title' },
        {
          type: 'select' as const,
          key: 'dietary_restrictions',
          label: 'Dietary restrictions',
          multiple: true,
          data: choiceOptions(
            ['vegetarian', 'Vegetarian'],
            ['vegan', 'Vegan'],
            ['gluten_free', 'Gluten-free'],
          ),
        },
        { type: 'country' as const, key: 'country', label: 'Country' },
        {
          type: 'consent' as const,
          key: 'privacy_policy',
          label: 'I agree to the privacy policy',
          description: 'Read our privacy policy',
          link: 'https://example.com/privacy',
          validate: { required: true },
        },
      ],
    },
  },
  capacity: 100,
  registrants: 120,
  firstNames: [
    'Alex',
    'Sam',
    'Noor',
    'Kai',
    'Lena',
    'Omar',
    'Priya',
    'Tomás',
    'Yuki',
    'Zoe',
    'Ines',
    'Jonas',
  ],
  lastNames: [
    'Silva',
    'Novak',
    'Okafor',
    'Larsen',
    'Moreau',
    'Tanaka',
    'Haddad',
    'Kowalski',
    'Reyes',
    'Byrne',
  ],
  companies: ['Contoso', 'Fabrikam', 'Tailspin', 'Litware', 'Adatum', 'Northwind'],
  countries: ['PT', 'ES', 'FR', 'DE', 'GB', 'US', 'BR', 'JP'],
} as const;

/**
 * The organisation's brand kit (issue 18 §7): colours, a web-safe font for the stage and another
 * for the landing page, and a logo drawn at seed time. Saved before the events, which start from it.
 */
export const DEMO_BRAND_KIT = {
  logoText: 'Northwind',
  colours: { ink: '#0B3B5C', accent: '#0F766E' },
  branding: {
    theme_secondary_color: '#0F766E',
    secondary_text_color: '#FFFFFF',
    splash_background_color: '#F8FAFC',
    theme_obj: {
      theme_primary_color: '#0B3B5C',
      primary_text_color: '#FFFFFF',
      splash_text_color: '#0B3B5C',
      font_type: 'Web Safe Font',
      theme_font_name: 'Trebuchet MS',
      splash_font_type: 'Web Safe Font',
      splash_theme_font_name: 'Georgia',
      lower_third_background: '#0F766E',
      lower_third_text_color: '#FFFFFF',
    },
  } satisfies BrandingRequest,
};

/**
 * The event branded beyond the kit (issue 18): its own colours, hero background and logo (drawn at
 * seed time), a name card, tab titles, early entry, a custom stage call to action and the filler slide.
 */
export const DEMO_BRANDED_EVENT = {
  title: DEMO_PROGRAMME_EVENT,
  colours: { ink: '#7C2D12', accent: '#F59E0B' },
  branding: {
    theme_secondary_color: '#F59E0B',
    secondary_text_color: '#1C1917',
    // Enter Event Experience: attendees may enter before the start.
    disable_enter_event_button: false,
    discussion_room_tab_title: 'Breakout rooms',
    show_event_booths: true,
    booth_tab_title: 'Partner fair',
    speaker_tab_title: 'Speakers & hosts',
    people_tab_title: 'Attendees',
    theme_obj: {
      theme_primary_color: '#7C2D12',
      splash_text_onimage_color: '#FFFFFF',
      name_card_radius: '10px',
      name_card_title_display: 'block',
      name_card_background: '#F59E0B',
      name_card_text_color: '#1C1917',
      custom_cta_enabled: true,
      custom_cta_link_to: 'custom',
      custom_cta_button_text: 'Book a partner meeting',
      custom_cta_button_url: 'https://example.com/summit/partners',
    },
  } satisfies BrandingRequest,
};

/** The filler slide shown around the summit's pre-recorded sessions: drawn, uploaded, made a video. */
export const DEMO_FILLER_SLIDE = {
  file_name: 'We will be right back',
  headline: 'We will be right back',
  subline: 'Northwind Summit · Lisbon',
};
