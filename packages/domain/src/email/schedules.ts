import { z } from 'zod';
import { pageQuery } from '../events/query.ts';
import { catalogueKeys } from '../records.ts';
import { REGISTRATION_EMAIL_TYPES, type RegistrationEmailType } from '../registration/emails.ts';
import { emailTemplateMessages, templateHasSubject } from './templates.ts';

// ── Email types, offsets, anchors, audiences (001 §3, §9) ─────────────────────────────────────

export const RELATIVE_TIMES = ['BEFORE_START', 'AFTER_START', 'BEFORE_END', 'AFTER_END'] as const;
/** The schedule's anchor: before or after the event's start or end. */
export type RelativeTime = (typeof RELATIVE_TIMES)[number];

export const EMAIL_AUDIENCES = [
  'All Registrants',
  'Event Attendees',
  'Non-Attendees',
  'All Staff',
  'All Speakers',
] as const;
export type EmailAudience = (typeof EMAIL_AUDIENCES)[number];

/**
 * How an email type leaves: `scheduled` ones are sent by the email scheduler at their time;
 * `on-action` ones when something happens (a registration, an invitation — "emails sent on
 * creation"); `people-reminder` ones by the people invitations' reminder sweep.
 */
export type EmailTrigger = 'scheduled' | 'on-action' | 'people-reminder';

/** 001 §9's email types. */
export const EMAIL_TYPE_NAMES = [
  'Registration',
  'Waitlist',
  'OnDemand',
  'Reminder-5m',
  'Reminder-1h',
  'Reminder-4h',
  'Reminder-12h',
  'Reminder-1d',
  'Reminder-2d',
  'Reminder-7d',
  'Post-Event-Attendee-1d',
  'Post-Event-Non-Attendee-1d',
  'SpkInvite',
  'StaffInvite',
  'Spk-Reminder-1h',
  'Spk-Reminder-1d',
  'Staff-Reminder-1h',
  'Staff-Reminder-1d',
  'Custom',
] as const;
export const emailTypeSchema = z.enum(EMAIL_TYPE_NAMES);
export type EmailType = z.infer<typeof emailTypeSchema>;

export interface EmailTypeDefinition {
  emailType: EmailType;
  label: string;
  /** The default offset in minutes from its anchor. */
  minutes: number;
  relativeTime: RelativeTime;
  audience: EmailAudience;
  trigger: EmailTrigger;
  /** On for a new event. */
  activeByDefault: boolean;
}

const type = (
  emailType: EmailType,
  label: string,
  minutes: number,
  relativeTime: RelativeTime,
  audience: EmailAudience,
  trigger: EmailTrigger,
  activeByDefault: boolean,
): EmailTypeDefinition => ({ emailType, label, minutes, relativeTime, audience, trigger, activeByDefault });

/** A reminder to the registrants before the event starts. */
const reminder = (emailType: EmailType, label: string, minutes: number, activeByDefault: boolean) =>
  type(emailType, label, minutes, 'BEFORE_START', 'All Registrants', 'scheduled', activeByDefault);

/** A speaker's or staff member's reminder before the start, sent by the people invitations' sweep. */
const peopleReminder = (emailType: EmailType, label: string, minutes: number, audience: EmailAudience) =>
  type(emailType, label, minutes, 'BEFORE_START', audience, 'people-reminder', true);

/** A follow-up a day after the event ends, off for a new event. */
const dayAfter = (emailType: EmailType, label: string, audience: EmailAudience) =>
  type(emailType, label, 1440, 'AFTER_END', audience, 'scheduled', false);

/** 001 §9: every email type with its offset (minutes), anchor and audience, in EMAIL_TYPE_NAMES' order. */
export const EMAIL_TYPES: readonly EmailTypeDefinition[] = [
  type('Registration', 'Registration confirmation', 0, 'BEFORE_START', 'All Registrants', 'on-action', true),
  type('Waitlist', 'Waitlist confirmation', 0, 'BEFORE_START', 'All Registrants', 'on-action', true),
  type('OnDemand', 'On-demand available', 0, 'AFTER_END', 'All Registrants', 'scheduled', false),
  reminder('Reminder-5m', 'Reminder 5 minutes before', 5, false),
  reminder('Reminder-1h', 'Reminder 1 hour before', 60, true),
  reminder('Reminder-4h', 'Reminder 4 hours before', 240, false),
  reminder('Reminder-12h', 'Reminder 12 hours before', 720, false),
  reminder('Reminder-1d', 'Reminder 1 day before', 1440, true),
  reminder('Reminder-2d', 'Reminder 2 days before', 2880, false),
  reminder('Reminder-7d', 'Reminder 7 days before', 10080, false),
  dayAfter('Post-Event-Attendee-1d', 'Thank you for attending', 'Event Attendees'),
  dayAfter('Post-Event-Non-Attendee-1d', 'Sorry we missed you', 'Non-Attendees'),
  type('SpkInvite', 'Speaker invitation', 0, 'BEFORE_START', 'All Speakers', 'on-action', true),
  type('StaffInvite', 'Staff invitation', 0, 'BEFORE_START', 'All Staff', 'on-action', true),
  peopleReminder('Spk-Reminder-1h', 'Speaker reminder 1 hour before', 60, 'All Speakers'),
  peopleReminder('Spk-Reminder-1d', 'Speaker reminder 1 day before', 1440, 'All Speakers'),
  peopleReminder('Staff-Reminder-1h', 'Staff reminder 1 hour before', 60, 'All Staff'),
  peopleReminder('Staff-Reminder-1d', 'Staff reminder 1 day before', 1440, 'All Staff'),
  type('Custom', 'Custom email', 1440, 'BEFORE_START', 'All Registrants', 'scheduled', false),
];

export const emailTypeDefinition = (emailType: EmailType): EmailTypeDefinition =>
  EMAIL_TYPES.find((definition) => definition.emailType === emailType)!;

/** 001 §9: a week is 10080 minutes. */
export const MINUTES_PER_WEEK = 10_080;
export const MINUTES_PER_DAY = 1_440;

export interface ScheduleOffset {
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
}

export const offsetMinutes = (offset: ScheduleOffset): number =>
  offset.weeks * MINUTES_PER_WEEK + offset.days * MINUTES_PER_DAY + offset.hours * 60 + offset.minutes;

/** Minutes as the drawer's weeks, days, hours and minutes (largest units first). */
export function offsetOf(totalMinutes: number): ScheduleOffset {
  const weeks = Math.floor(totalMinutes / MINUTES_PER_WEEK);
  const days = Math.floor((totalMinutes % MINUTES_PER_WEEK) / MINUTES_PER_DAY);
  const hours = Math.floor((totalMinutes % MINUTES_PER_DAY) / 60);
  return { weeks, days, hours, minutes: totalMinutes % 60 };
}

/** When a schedule anchored on an event's start or end sends. */
export function scheduledSendTime(
  event: { startTime: Date; endTime: Date },
  schedule: ScheduleOffset & { relativeTime: RelativeTime },
): Date {
  const anchor = schedule.relativeTime.endsWith('START') ? event.startTime : event.endTime;
  const sign = schedule.relativeTime.startsWith('BEFORE') ? -1 : 1;
  return new Date(anchor.getTime() + sign * offsetMinutes(schedule) * 60_000);
}

/** A speaker's or staff member's reminder goes out when its time passed within this many minutes (the sweep runs every minute). */
export const PEOPLE_REMINDER_WINDOW_MINUTES = 10;

/**
 * An active schedule that will not be sent because its time had passed when it was set or switched
 * on: the scheduler sends nothing late; the people's reminders go out within their window after
 * their time; emails sent on an action have no time.
 */
export function scheduleSkipped(
  emailType: EmailType,
  schedule: { active: boolean; sendAt: Date | null; plannedFrom: Date },
): boolean {
  const { trigger } = emailTypeDefinition(emailType);
  if (trigger === 'on-action' || !schedule.active || !schedule.sendAt) return false;
  const late = trigger === 'people-reminder' ? PEOPLE_REMINDER_WINDOW_MINUTES * 60_000 : 0;
  return schedule.sendAt.getTime() + late < schedule.plannedFrom.getTime();
}

/**
 * Whether an active schedule goes out: an on-action type on its action; a timed type of an event at
 * its send time, unless that had passed when it was set (skipped) or the event has no schedule (a
 * recording has no send time). A template's or series' schedules go out for their events.
 */
export const scheduleSends = (schedule: EmailSchedule, ofEvent: boolean): boolean =>
  schedule.active &&
  !schedule.skipped &&
  (schedule.trigger === 'on-action' || !ofEvent || schedule.schedule_time !== null);

// ── Bounds (001 §5) ──────────────────────────────────────────────────────────────────────────

export const emailScheduleMessages = {
  beforeWindow: 'Email Schedule Time cannot be before 180 days from event start time',
  afterWindow: 'Email Schedule Time cannot be more than 1 month from now',
  inPast: 'Email Schedule Time cannot be in the past',
  tooSoon: 'Email Schedule Time cannot be less than 30 minutes from now',
  errorLoading: 'Error while loading scheduled emails.',
  errorSaving: 'Error while saving email schedule.',
  /** Ours: the schedule drawer closes on saving; this says it took. */
  saved: 'Email schedule saved.',
  errorUpdatingConfiguration: 'Error updating email configuration.',
  errorLoadingDeliveries: 'Error while loading the email delivery log.',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to discard them?',
  templateRequired: 'Choose a template for the custom email.',
  /** Ours: a template chosen that is not (or no longer) one of the schedule's owner's. */
  templateGone: 'This template does not exist any more: choose another one.',
  /** Ours: an active schedule whose time had passed when it was set (`skipped`). */
  timePassed: 'This time had passed when it was set: this email will not be sent.',
} as const;

export const SCHEDULE_MAX_DAYS_BEFORE_START = 180;
export const SCHEDULE_MAX_DAYS_AFTER_END = 30;
export const SCHEDULE_MIN_MINUTES_AHEAD = 30;

/** The scheduling context of 001 §3: only a plain event's schedule is bounded. */
export interface EmailScheduleContext {
  startTime: Date;
  endTime: Date;
  isRepeatingEvent: boolean;
  seriesId: string | null;
  eventTemplateId: string | null;
}

/**
 * 001 §5: the message a schedule time breaks, or null. Not validated for repeating, series or
 * template events (their times are not yet one event's).
 */
export function emailScheduleTimeError(
  sendAt: Date,
  context: EmailScheduleContext,
  now: Date,
): string | null {
  if (context.isRepeatingEvent || context.seriesId !== null || context.eventTemplateId !== null) return null;
  const day = MINUTES_PER_DAY * 60_000;
  if (sendAt.getTime() < now.getTime()) return emailScheduleMessages.inPast;
  if (sendAt.getTime() < now.getTime() + SCHEDULE_MIN_MINUTES_AHEAD * 60_000)
    return emailScheduleMessages.tooSoon;
  if (sendAt.getTime() < context.startTime.getTime() - SCHEDULE_MAX_DAYS_BEFORE_START * day)
    return emailScheduleMessages.beforeWindow;
  if (sendAt.getTime() > context.endTime.getTime() + SCHEDULE_MAX_DAYS_AFTER_END * day)
    return emailScheduleMessages.afterWindow;
  return null;
}

// ── A save's rules (001 §5 bounds, the custom email's template) ──────────────────────────────

/** A schedule as a save leaves it, or as it was saved before. */
export interface ScheduleState extends ScheduleOffset {
  emailType: EmailType;
  active: boolean;
  relativeTime: RelativeTime;
  /** The chosen template; null: the type's default. */
  emailTemplate: string | null;
}

/** A schedule's refusals by field: its time (001 §5's bounds) and its template. */
export interface ScheduleErrors {
  time?: string;
  email_template?: string;
}

/** The Custom email has no default template: an active one sends the template chosen for it. */
export const needsChosenTemplate = (emailType: EmailType): boolean => emailType === 'Custom';

/**
 * What deleting a template does to the schedules that send it: each goes back to its type's
 * default template, and a custom email (which has none) is switched off. '' when none sends it.
 */
export function templateDeletionEffect(templateId: string, schedules: readonly EmailSchedule[]): string {
  const using = schedules.filter((schedule) => schedule.email_template === templateId);
  const [custom, others] = [
    using.filter((schedule) => needsChosenTemplate(schedule.email_type)),
    using.filter((schedule) => !needsChosenTemplate(schedule.email_type)),
  ];
  const names = (list: readonly EmailSchedule[]) =>
    list.map((one) => emailTypeLabel(one.email_type)).join(', ');
  return [
    others.length > 0 && `${names(others)} will send the default template instead.`,
    custom.length > 0 && 'The custom email that sends it will be switched off.',
  ]
    .filter(Boolean)
    .join(' ');
}

const sameTime = (one: ScheduleState, other: ScheduleState) =>
  one.relativeTime === other.relativeTime && offsetMinutes(one) === offsetMinutes(other);

/**
 * What a save of one schedule breaks (none: `{}`). The bounds hold for a timed type's active
 * schedule whose time the save sets or switches on: one left active at its saved time (a default
 * reminder already past for an event starting soon) is not refused. `context` null: no event
 * times (a template or a series), nothing to bound. An active custom email needs its template
 * chosen, and an active schedule's chosen template (`template`, as read) a subject
 * (`templateHasSubject`: one saved empty before the subject was required is not sent).
 */
export function emailScheduleErrors(
  next: ScheduleState,
  saved: ScheduleState | undefined,
  context: EmailScheduleContext | null,
  now: Date,
  template?: { subject: string },
): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!next.active) return errors;
  if (needsChosenTemplate(next.emailType) && next.emailTemplate === null)
    errors.email_template = emailScheduleMessages.templateRequired;
  else if (next.emailTemplate !== null && template && !templateHasSubject(template))
    errors.email_template = emailTemplateMessages.subjectMissing;
  const timed = emailTypeDefinition(next.emailType).trigger !== 'on-action';
  const unchanged = saved !== undefined && saved.active && sameTime(saved, next);
  if (timed && context && !unchanged) {
    const time = emailScheduleTimeError(scheduledSendTime(context, next), context, now);
    if (time) errors.time = time;
  }
  return errors;
}

// ── API (001 §7 "Scheduled emails": list, bulk schedule update, update type) ────────────────

/** Whose schedule: one of event, event template or series (repeating events through their series). */
export const emailScheduleOwnerQuerySchema = z
  .object({ event: z.uuid().optional(), event_template: z.uuid().optional(), series: z.uuid().optional() })
  .refine((query) => [query.event, query.event_template, query.series].filter(Boolean).length === 1, {
    message: 'Give exactly one of event, event_template or series.',
  });
export type EmailScheduleOwnerQuery = z.infer<typeof emailScheduleOwnerQuerySchema>;

/** The most one part of an offset (weeks, days, hours or minutes) takes: 40 days or 999 minutes are fine. */
export const OFFSET_PART_MAX = 10_000;
const offsetPart = z.number().int().min(0).max(OFFSET_PART_MAX);

/** One email type of a context with its schedule (Scheduled email type + Email schedule item). */
export const emailScheduleSchema = z.object({
  id: z.string(),
  email_type: emailTypeSchema,
  active: z.boolean(),
  relativeTime: z.enum(RELATIVE_TIMES),
  weeks: z.number().int(),
  days: z.number().int(),
  hours: z.number().int(),
  minutes: z.number().int(),
  /** When it sends (ISO), for an event; null for a template or series, and for on-action types. */
  schedule_time: z.string().nullable(),
  audience: z.enum(EMAIL_AUDIENCES),
  /** The email template it sends (h-mail's templates); null: the type's default. */
  email_template: z.string().nullable(),
  trigger: z.enum(['scheduled', 'on-action', 'people-reminder']),
  /**
   * Active, but its time had passed when it was set or switched on (a default reminder of an
   * event starting sooner): it will not be sent, as nothing is sent late.
   */
  skipped: z.boolean(),
});
export type EmailSchedule = z.infer<typeof emailScheduleSchema>;

/** GET /api/event/email_schedules/?event=|event_template=|series= */
export const emailScheduleListSchema = z.object({
  /** The spec's "Event context for scheduling" (null times for a series). */
  context: z.object({
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    timezone: z.string().nullable(),
    isRepeatingEvent: z.boolean(),
    seriesId: z.string().nullable(),
    eventTemplateId: z.string().nullable(),
  }),
  results: z.array(emailScheduleSchema),
});
export type EmailScheduleList = z.infer<typeof emailScheduleListSchema>;

export const emailScheduleItemSchema = z.object({
  email_type: emailTypeSchema,
  relativeTime: z.enum(RELATIVE_TIMES),
  weeks: offsetPart,
  days: offsetPart,
  hours: offsetPart,
  minutes: offsetPart,
  active: z.boolean().optional(),
  audience: z.enum(EMAIL_AUDIENCES).optional(),
  email_template: z.uuid().nullable().optional(),
});
export type EmailScheduleItem = z.infer<typeof emailScheduleItemSchema>;

/** A listed schedule as a bulk save takes it back: every part the organiser can change. */
export const scheduleItemOf = (schedule: EmailSchedule) => ({
  email_type: schedule.email_type,
  relativeTime: schedule.relativeTime,
  weeks: schedule.weeks,
  days: schedule.days,
  hours: schedule.hours,
  minutes: schedule.minutes,
  active: schedule.active,
  audience: schedule.audience,
  email_template: schedule.email_template,
});

/**
 * PUT /api/event/email_schedules/bulk/?event=|event_template=|series= — every item in one
 * transaction; a bounds error answers 400 with `errors[email_type]` and nothing changes.
 */
export const emailScheduleBulkRequestSchema = z.object({
  schedules: z.array(emailScheduleItemSchema).max(100),
});
export type EmailScheduleBulkRequest = z.infer<typeof emailScheduleBulkRequestSchema>;

/** PATCH /api/event/email_schedules/{id}/ — update type: on or off. */
export const emailScheduleTypeUpdateSchema = z.object({ active: z.boolean() });

// ── Delivery log (issue 33 §9) ────────────────────────────────────────────────────────────────

/**
 * Each delivery status as the delivery log and the emails analytics show it. `suppressed`: not
 * sent, the address is on the organisation's suppression list.
 */
export const EMAIL_DELIVERY_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  bounced: 'Bounced',
  complained: 'Complained',
  suppressed: 'Suppressed',
};
export type EmailDeliveryStatus = keyof typeof EMAIL_DELIVERY_STATUS_LABELS;
export const EMAIL_DELIVERY_STATUSES = catalogueKeys(EMAIL_DELIVERY_STATUS_LABELS);

/** The organiser's own sends (002 §7.13a): the delivery log files them under these types. */
export const SENT_EMAIL_TYPES = { test: 'Test-Email', custom: 'Custom-Email', bulk: 'Bulk-Email' } as const;

/** The event's calendar invitation (first or updated after a reschedule), as the delivery log files it. */
export const CALENDAR_INVITE_EMAIL_TYPE = 'Calendar-Invite';

/** Registration's emails as organisers read them: the delivery log's types and their default templates' names. */
export const REGISTRATION_EMAIL_LABELS: Record<RegistrationEmailType, string> = {
  Registration: 'Registration confirmation',
  Waitlist: 'Waitlist confirmation',
  Promoted: 'A seat freed up',
  Approved: 'Registration approved',
  Rejected: 'Registration not approved',
  Canceled: 'Registration canceled',
};

/**
 * Every type a message of the delivery log has, with its label: 001 §9's email types (scheduled,
 * invitations, the people's reminders), registration's emails, the event's calendar invitations
 * and the organiser's test, custom and bulk sends.
 */
export const LOGGED_EMAIL_TYPES: readonly { emailType: string; label: string }[] = [
  ...EMAIL_TYPES.map(({ emailType, label }) => ({ emailType, label })),
  ...REGISTRATION_EMAIL_TYPES.filter((emailType) => !emailTypeSchema.safeParse(emailType).success).map(
    (emailType) => ({
      emailType,
      label: REGISTRATION_EMAIL_LABELS[emailType],
    }),
  ),
  { emailType: CALENDAR_INVITE_EMAIL_TYPE, label: 'Calendar invitation' },
  { emailType: SENT_EMAIL_TYPES.test, label: 'Test email' },
  { emailType: SENT_EMAIL_TYPES.custom, label: 'Custom email to chosen registrants' },
  { emailType: SENT_EMAIL_TYPES.bulk, label: 'Bulk email to all registrants' },
];
/** An email type as the studio shows it (its label; a type it does not know, as stored). */
export const emailTypeLabel = (emailType: string): string =>
  LOGGED_EMAIL_TYPES.find((type) => type.emailType === emailType)?.label ?? emailType;
const LOGGED_EMAIL_TYPE_NAMES = LOGGED_EMAIL_TYPES.map((type) => type.emailType) as [string, ...string[]];

export const emailDeliverySchema = z.object({
  id: z.string(),
  event: z.string().nullable(),
  email_type: z.string(),
  recipient: z.string(),
  status: z.enum(EMAIL_DELIVERY_STATUSES),
  /** Why it failed or bounced (the SMTP answer). */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** First open and first click; null when not seen or not tracked. */
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** GET /api/event/email_deliveries/?event=&status=&email_type=&search=&limit=&offset= */
export const emailDeliveryListQuerySchema = z.object({
  ...pageQuery,
  event: z.uuid(),
  status: z.enum(EMAIL_DELIVERY_STATUSES).optional(),
  email_type: z.enum(LOGGED_EMAIL_TYPE_NAMES).optional(),
  search: z.string().trim().max(255).optional(),
});
export type EmailDeliveryListQuery = z.infer<typeof emailDeliveryListQuerySchema>;

/** A page of the log with the event's counts per status (all of its messages, not only the filter's). */
export const emailDeliveryPageSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(emailDeliverySchema),
  counts: z.record(z.enum(EMAIL_DELIVERY_STATUSES), z.number().int()),
  /** Of all the event's messages: how many were opened, and clicked (where tracking is on). */
  engagement: z.object({ opened: z.number().int(), clicked: z.number().int() }),
});

/** GET|PUT /api/event/email_tracking/ — the organisation's open and click tracking (off by default). */
export const emailTrackingSchema = z.object({ track_opens_and_clicks: z.boolean() });
export type EmailTracking = z.infer<typeof emailTrackingSchema>;
export type EmailDeliveryPage = z.infer<typeof emailDeliveryPageSchema>;

/** The API paths of schedules and the delivery log, for the web client. */
export const emailSchedulePaths = {
  schedules: '/api/event/email_schedules/',
  bulk: '/api/event/email_schedules/bulk/',
  schedule: (id: string) => `/api/event/email_schedules/${id}/`,
  deliveries: '/api/event/email_deliveries/',
  tracking: '/api/event/email_tracking/',
} as const;
