/**
 * The attendee origin's registration pages and the check-in desk (issue 16 §0, §6): their paths,
 * texts and the desk's JSON. The register call itself is `POST /api/event/{id}/register/`, served
 * on this origin too. No zod here: the attendee bundle imports this file and stays small.
 */

// ── Paths on the attendee origin ──────────────────────────────────────────────────────────────
export const eventLandingPath = (eventId: string) => `/e/${eventId}`;
export const eventRegisterPath = (eventId: string) => `/e/${eventId}/register`;
export const seriesRegisterPath = (seriesId: string) => `/s/${seriesId}/register`;
/** The email's cancel link: `?token=` a registration token of purpose 'cancel'. */
export const eventCancelPath = (eventId: string) => `/e/${eventId}/cancel`;
/**
 * Where an event's register page sends the registrant once registered (`?status=` the outcome,
 * a `RegistrationOutcomeKey`): the confirmation with its add-to-calendar links.
 */
export const eventRegisteredPath = (eventId: string) => `/e/${eventId}/registered`;
/**
 * Where a series' form posted without JavaScript sends the registrant: `?results=` each chosen
 * event's `id:outcome` (a `RegistrationOutcomeKey`, or the code refusing it), comma-separated.
 */
export const seriesRegisteredPath = (seriesId: string) => `/s/${seriesId}/registered`;
/** The event's calendar entry as an .ics file (Apple / iCal, or any calendar that imports one). */
export const eventCalendarPath = (eventId: string) => `/e/${eventId}/calendar.ics`;
/** The check-in manager; `?selfCheckIn=true` is the self check-in kiosk. */
export const eventCheckInPath = (eventId: string) => `/e/${eventId}/check-in`;
/** Where the studio's short-lived check-in link signs an organiser in (`?token=`). */
export const eventCheckInEntrancePath = (eventId: string) => `/e/${eventId}/check-in/enter`;
/** The desk's JSON calls and its live counts (server-sent events), under the check-in path. */
export const checkInApiPath = (eventId: string, call: 'members' | 'attendance' | 'counts' | 'live') =>
  `/e/${eventId}/check-in/api/${call}`;
/** The attendee bundle's entry (its built file is found through the Vite manifest). */
export const ATTENDEE_ENTRY = 'src/attendee/main.tsx';
/** The element a React island (the check-in desk, the event app) mounts into; its `data-page` names the island. */
export const ATTENDEE_ROOT_ID = 'attendee-root';
/** The `<script type="application/json">` holding the island's data. */
export const ATTENDEE_DATA_ID = 'attendee-data';
/**
 * The registration pages' server-rendered form (`registrationFieldsHtml`), which the attendee
 * bundle's small script enhances: its `action` is the register call, its form JSON in a
 * `<script type="application/json">` inside it.
 */
export const REGISTRATION_FORM_ATTRIBUTE = 'data-registration-form';
/**
 * A register form names its confirmation page here: an event's (`?status=` the outcome), a series'
 * (`?results=`, `seriesRegisteredResults`); without it the script tells the outcome in place.
 */
export const REGISTRATION_CONFIRMATION_ATTRIBUTE = 'data-confirmation';
/** A series' form: the boxes of the events chosen (a name no form key can take). */
export const SERIES_EVENTS_FIELD = 'series-events';

// ── Check-in ──────────────────────────────────────────────────────────────────────────────────

/** A registrant who holds no seat (waitlisted, rejected, canceled) or is blocked cannot be checked in. */
export const CHECK_IN_NOT_REGISTERED = 'CHECK_IN_NOT_REGISTERED';
/** How long the studio's check-in link may be opened, and how long the desk stays signed in. */
export const CHECK_IN_LINK_TTL_SECONDS = 10 * 60;
export const CHECK_IN_SESSION_HOURS = 18;
/** The desk's search page size. */
export const CHECK_IN_SEARCH_LIMIT = 20;
/** The realtime push of a check-in (studio sockets of the event, and every open desk). */
export const CHECK_IN_UPDATED = 'check-in-updated';

/** How long the desk offers to undo a check-in it just made. */
export const CHECK_IN_UNDO_MS = 10_000;

export const checkInMessages = {
  title: 'Check-in',
  selfCheckInTitle: 'Self check-in',
  search: 'Search by name or email',
  scan: 'Scan QR code',
  stopScan: 'Stop scanning',
  scanFromImage: 'Scan an image of the QR code',
  checkIn: 'Check in',
  checkedIn: 'Checked in',
  undo: 'Undo check-in',
  /** The desk's short-lived undo after a check-in (CHECK_IN_UNDO_MS), and its outcome. */
  undoShort: 'Undo',
  undone: (name: string) => `${name} is no longer checked in.`,
  undoFailed: 'The check-in could not be undone. Please try again.',
  /** The desk opened on another day than the event's (in the event's zone). */
  startsOn: (date: string) => `This event starts on ${date}.`,
  endedOn: (date: string) => `This event ended on ${date}.`,
  noMatch: 'No registrant matches.',
  /** Said while the desk reads its first page of registrants. */
  loading: 'Loading registrants…',
  /** The desk's next page of registrants (as the event app's People tab words it). */
  showMore: 'Show more',
  counts: (counts: { checked_in: number; registered: number }) =>
    `${counts.checked_in} checked in / ${counts.registered} registered`,
  welcome: (name: string) => `Welcome, ${name}! You're checked in.`,
  alreadyCheckedIn: (name: string) => `${name} was already checked in.`,
  offline: "You're offline. Check-ins are saved on this device and sent when the network returns.",
  queued: (count: number) =>
    count === 1 ? '1 check-in waiting to be sent' : `${count} check-ins waiting to be sent`,
  notRegistered: 'This person is not registered for this event.',
  codeInvalid: 'This QR code is not a check-in code of this event.',
  cameraUnavailable: 'The camera is not available. Search by name, or scan an image of the code.',
  noAccess: 'Only the organizers and check-in staff of this event can open the check-in manager.',
  noAccessTitle: 'Check-in not available',
  organiserWayIn:
    "Organizers: open it from the event's Public links or Registrants › Check-in desk in the studio, which signs you in here.",
} as const;

// ── Registration pages ────────────────────────────────────────────────────────────────────────

/** What an attendee address names (a hub page's is 'page', as any other unknown address). */
export type NotFoundSubject = 'event' | 'series' | 'page' | 'clip';

export const attendeePageMessages = {
  register: 'Register',
  registerTitle: (event: string) => `Register for ${event}`,
  yourTime: 'Your time:',
  chooseEvents: 'Choose the events to register for',
  noUpcomingEvents: 'This series has no upcoming events to register for.',
  submitting: 'Registering…',
  /** The confirmation of a registration while the event is open for entry (the registrant is not signed in). */
  liveNowEnterByEmail: 'This event is live now: the link in your email takes you straight in.',
  notFoundTitle: 'Page not found',
  notFound: (subject: NotFoundSubject) => `This ${subject} does not exist or is not open to the public.`,
  cancelTitle: 'Cancel your registration',
  cancelQuestion: (event: string) => `Cancel your registration for ${event}?`,
  cancelConfirm: 'Cancel my registration',
  canceled: 'Your registration was canceled.',
  cancelLinkInvalid: 'This cancel link is not valid.',
  cancelNotPossible: 'This registration can no longer be canceled.',
  /** A past event's registration page, in place of the form: its on-demand page. */
  watchRecording: 'Watch the recording',
  /** The confirmation page's links back to the event's page. */
  eventPage: 'Event page',
  /**
   * A visitor signed in (their magic link's cookie) who is registered: in place of the form and the
   * Register buttons, beside Enter Event once the event is open to them.
   */
  registered: 'You are registered for this event.',
} as const;
