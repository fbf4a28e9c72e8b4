import { serverMessages } from '../messages.ts';
/** The spec's strings of registration, verbatim (001 §8, 002 §8.10–§8.12). */
export const registrationMessages = {
  errorLoadingForms: 'Error Loading Forms, Please Try Again',
  errorUpdatingForm: 'Error Updating Form, Please Try Again',
  failedToLoadPageBuilder: 'Failed to load registration page builder',
  flatFileValidationFailed: 'Flat file Validation Failed',
  anErrorOccurred: 'An error occurred!',
  errorFetchingTotalRegistrants: 'Error while fetching total registrants',
  registeredByHand:
    'Your user will now be registered. It may take a few minutes for registration to be processed.',
  errorFetchingEventMembers: 'Error in Fetching event members',
  errorFetchingSeriesRegistrants: 'Error fetching registrants!',
  errorRegisteringForSeries: 'Error registering user for Series, Please Try Again',
  errorBanning: 'Error in banning event users',
  errorUnbanning: 'Error in unbanning event users',
  errorDeleting: 'Error in deleting event users',
  contractFallback: 'Something went wrong! please try again.',
  registrationFailed: 'User registration failed',
} as const;

/** 002 §8.10: 'Error in {deleting|banning|unbanning} users. Please try again'. */
export const bulkModerationFallback = (verb: 'deleting' | 'banning' | 'unbanning') =>
  `Error in ${verb} users. Please try again`;

/**
 * 002 §8.11, the meaning of each registration code, as the server's `message` (and the attendee
 * page's text).
 */
export const registrationCodeMessages = {
  USER_ALREADY_IN_EVENT:
    'You are already registered for this event. We have sent you a new confirmation email.',
  REGISTRATION_LIMIT_REACHED: 'This event has reached its registration capacity.',
  TOO_MANY_REQUESTS: 'Too many registration attempts. Please try again in a minute.',
  MAX_RE_REGISTRATION_LIMIT_REACHED: 'You are already registered for this event.',
  USER_ALREADY_WAITLISTED_FOR_EVENT: 'You are already on the waitlist for this event.',
  USER_ALREADY_CANCELED_FOR_EVENT: 'Your registration for this event was canceled.',
  USER_ALREADY_REJECTED_FOR_EVENT: 'Your registration for this event was not approved.',
  REGISTRATION_CLOSED: 'Registration for this event is closed.',
  USER_BLOCKED_FROM_EVENT: 'You cannot register for this event.',
} as const;

/**
 * What the register page shows for a refused form post (no script): the refusal's code, as the
 * page's address names it; any other text in the address is not shown.
 */
export const registrationRefusalOf = (code: unknown): string | null =>
  code === 'VALIDATION_ERROR'
    ? serverMessages.validation
    : typeof code === 'string' && Object.hasOwn(registrationCodeMessages, code)
      ? registrationCodeMessages[code as keyof typeof registrationCodeMessages]
      : null;

/** What the attendee sees after a successful register call, by the status it gave. */
export const registrationOutcomeMessages = {
  REGISTRATION: "You're registered! Check your email for your link to the event.",
  WAITLISTED: "The event is full, so you're on the waitlist. We'll email you if a seat frees up.",
  AWAITING_APPROVAL: 'Thanks for registering! The organizer will review your registration and email you.',
} as const;
export type RegistrationOutcomeKey = keyof typeof registrationOutcomeMessages;

/**
 * The same codes and outcomes told to the organiser who registered someone by hand (002 §7.10
 * with §8.11's meanings, about the person rather than to them): each event's `message` in the
 * series registration's answer.
 */
export const registrantCodeMessages: Record<keyof typeof registrationCodeMessages, string> = {
  USER_ALREADY_IN_EVENT: 'Already registered for this event; a new confirmation email is on its way to them.',
  REGISTRATION_LIMIT_REACHED: registrationCodeMessages.REGISTRATION_LIMIT_REACHED,
  TOO_MANY_REQUESTS: registrationCodeMessages.TOO_MANY_REQUESTS,
  MAX_RE_REGISTRATION_LIMIT_REACHED: 'Already registered for this event.',
  USER_ALREADY_WAITLISTED_FOR_EVENT: 'Already on the waitlist for this event.',
  USER_ALREADY_CANCELED_FOR_EVENT: 'Their registration for this event was canceled.',
  USER_ALREADY_REJECTED_FOR_EVENT: 'Their registration for this event was not approved.',
  REGISTRATION_CLOSED: registrationCodeMessages.REGISTRATION_CLOSED,
  USER_BLOCKED_FROM_EVENT: 'This person is blocked from this event.',
};
export const registrantOutcomeMessages: Record<RegistrationOutcomeKey, string> = {
  REGISTRATION: 'Registered.',
  WAITLISTED: 'The event is full: put on the waitlist.',
  AWAITING_APPROVAL: 'Registered, waiting for approval.',
};

export const isRegistrationOutcomeKey = (value: unknown): value is RegistrationOutcomeKey =>
  typeof value === 'string' && Object.hasOwn(registrationOutcomeMessages, value);

/** Which outcome a successful register call gave: waiting for approval, waitlisted, else registered. */
export const registrationOutcomeKeyOf = (answer: {
  event_user_status: string | null;
  awaiting_approval: boolean;
}): RegistrationOutcomeKey =>
  answer.awaiting_approval
    ? 'AWAITING_APPROVAL'
    : answer.event_user_status === 'WAITLISTED'
      ? 'WAITLISTED'
      : 'REGISTRATION';

/**
 * A series' outcome page's `?results=` (`seriesRegisteredPath`): each chosen event's `id:outcome`
 * (its `RegistrationOutcomeKey`, or the code refusing it), comma-separated — the form posted
 * without JavaScript and the script's navigation alike.
 */
export const seriesRegisteredResults = (
  results: readonly {
    event: string;
    code?: string | null | undefined;
    event_user_status: string | null;
    awaiting_approval: boolean;
  }[],
) => results.map((result) => `${result.event}:${result.code ?? registrationOutcomeKeyOf(result)}`).join(',');

// ── Registration forms (the forms part) ──────────────────────────────────────────────────────

export const registrationFormMessages = {
  formInUse: (events: number) =>
    `This form is used by ${events === 1 ? '1 event' : `${events} events`}. Choose another form for ${events === 1 ? 'it' : 'them'} before deleting it.`,
  eventHasOwnForm: 'This event already has its own form.',
  formOfAnotherEvent: 'This form belongs to another event.',
  formCreated: 'Form created',
  formSaved: 'Form saved',
  formDeleted: 'Form deleted',
  errorDeletingForm: 'Error Deleting Form, Please Try Again',
  errorCreatingForm: 'Error Creating Form, Please Try Again',
  noForms: 'No forms yet',
  noFormsHint: 'Create a form to use it as the registration form of many events.',
  formsHelp: 'Registration forms your events can choose. An event can also build a form of its own.',
  noFields:
    'No fields yet. Add one with Add field or Add profile field; the first and last name and email are always asked.',
} as const;

// ── The studio's registrants pages ───────────────────────────────────────────────────────────

/** The toast after an organiser changes a registrant's status. */
export const memberStatusChanged = (name: string, statusLabel: string) => `${name} is now ${statusLabel}.`;

// ── Registrant lists: members, bulk moderation, flat file, contract (server answers) ─────────
/** Our own texts for the refusals of the registrant lists (the spec names their codes only). */
export const registrantListMessages = {
  eventIdRequired: 'An event id is required for this action. Nothing was changed.',
  sheetNotFound: 'This file was already imported, or its validation expired. Validate the file again.',
  fileRequired: 'Choose a CSV file to import.',
  fileTooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  tooManyRows: 'The file has more than 10,000 rows. Split it into smaller files.',
  unreadableFile: 'The file could not be read as CSV.',
  emailColumnMissing: 'The file needs an email column.',
  invalidEmail: 'Enter a valid email address.',
  firstNameRequired: 'A first name is required.',
  lastNameRequired: 'A last name is required.',
  unknownStatus: 'Unknown status. Use Registered, Attended, No Show, Waitlisted, Rejected or Canceled.',
  duplicateEmail: 'This email appears earlier in the file.',
  noContract: 'This organization does not have a contract.',
  seriesEventsOutside: 'These events are not part of the series.',
  seriesEventsRequired: 'Choose at least one event of the series.',
} as const;

/** The event's registration settings, as the organiser reads them beside each switch. */
export const registrationSettingsHints = {
  /** A freed seat goes to the waitlist's first, unless the organiser approves each registration. */
  waitlist: (approvalRequired: boolean) =>
    approvalRequired
      ? 'When the seats are taken, people join a waitlist; as seats free up, you approve who takes them.'
      : 'When the seats are taken, people join a waitlist and get the first seat that frees up.',
  approval: 'New registrations wait as Waitlisted until you approve or reject them.',
};
