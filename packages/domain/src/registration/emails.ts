/**
 * Registration's emails (issue 16): their types and default texts. They are the default
 * templates of these types (email/default-templates.ts), which organisers edit.
 */
export const REGISTRATION_EMAIL_TYPES = [
  'Registration',
  'Waitlist',
  'Promoted',
  'Approved',
  'Rejected',
  'Canceled',
] as const;
export type RegistrationEmailType = (typeof REGISTRATION_EMAIL_TYPES)[number];

export interface RegistrationEmailValues {
  first_name: string;
  event_title: string;
  event_time: string;
  magic_link: string;
  cancel_link: string;
}

// The link fields show words ('Join the event', 'Cancel your registration'), not their address.
const confirmation = [
  'Hello {first_name},',
  'You are registered for {event_title}, {event_time}.',
  'Your personal link: {magic_link}',
  'The calendar invitation is attached.',
  'Cannot make it? {cancel_link}',
].join('\n\n');

export const REGISTRATION_EMAIL_DEFAULTS: Record<RegistrationEmailType, { subject: string; body: string }> = {
  Registration: { subject: 'You are registered for {event_title}', body: confirmation },
  Waitlist: {
    subject: 'You are on the waitlist for {event_title}',
    body: [
      'Hello {first_name},',
      '{event_title} ({event_time}) is full, so you are on the waitlist.',
      'We will email you as soon as a seat frees up.',
    ].join('\n\n'),
  },
  Promoted: { subject: 'A seat freed up: you are registered for {event_title}', body: confirmation },
  Approved: { subject: 'Your registration for {event_title} is approved', body: confirmation },
  Rejected: {
    subject: 'Your registration for {event_title}',
    body: ['Hello {first_name},', 'Your registration for {event_title} was not approved.'].join('\n\n'),
  },
  // Ours: a seat given up (the cancel link, or the organiser); its calendar entry is withdrawn.
  Canceled: {
    subject: 'Your registration for {event_title} is canceled',
    body: [
      'Hello {first_name},',
      'Your registration for {event_title} ({event_time}) is canceled, and its calendar entry is withdrawn.',
    ].join('\n\n'),
  },
};

/** The email types that confirm a seat (magic link, calendar, cancel link and check-in code). */
export const SEAT_CONFIRMATION_EMAILS: readonly RegistrationEmailType[] = [
  'Registration',
  'Promoted',
  'Approved',
];
