/**
 * Registration (issue 16; spec 001 §7, 002 §3.13, §3.17, §8.11, §9). A registrant is an ATTENDEE
 * event role with a registration beside it.
 */
import { catalogueKeys } from '../records.ts';

/** 002 §3.17: a member's `event_user_status` with the label shown for it, in the order the studio lists them. */
export const EVENT_USER_STATUS_LABELS = {
  REGISTRATION: 'Registered',
  ATTENDED: 'Attended',
  EVENT_NO_SHOW: 'No Show',
  WAITLISTED: 'Waitlisted',
  REJECTED: 'Rejected',
  CANCELED: 'Canceled',
};
export type EventUserStatus = keyof typeof EVENT_USER_STATUS_LABELS;
export const EVENT_USER_STATUSES = catalogueKeys(EVENT_USER_STATUS_LABELS);

/**
 * Whether a registration waits for the organiser's approval rather than for a seat: Waitlisted at
 * an event requiring approval (`registration_approval_required`), where no freed seat promotes it.
 */
export const awaitsApproval = (status: EventUserStatus, approvalRequired: boolean): boolean =>
  status === 'WAITLISTED' && approvalRequired;

/** Our label (the spec has none) for a Waitlisted registration awaiting the organiser's approval. */
export const AWAITING_APPROVAL_LABEL = 'Awaiting approval';

/** A registrant's status as the lists show it: Waitlisted reads 'Awaiting approval' while it awaits approval. */
export const registrantStatusLabel = (status: EventUserStatus, approvalRequired: boolean): string =>
  awaitsApproval(status, approvalRequired) ? AWAITING_APPROVAL_LABEL : EVENT_USER_STATUS_LABELS[status];

/** Statuses that hold a seat (count against `registration_capacity`). */
export const SEAT_HOLDING_STATUSES = [
  'REGISTRATION',
  'ATTENDED',
  'EVENT_NO_SHOW',
] as const satisfies readonly EventUserStatus[];

/** 002 §8.11: the codes a register call answers besides success. */
export const REGISTRATION_CODES = [
  'USER_ALREADY_IN_EVENT',
  'REGISTRATION_LIMIT_REACHED',
  'TOO_MANY_REQUESTS',
  'MAX_RE_REGISTRATION_LIMIT_REACHED',
  'USER_ALREADY_WAITLISTED_FOR_EVENT',
  'USER_ALREADY_CANCELED_FOR_EVENT',
  'USER_ALREADY_REJECTED_FOR_EVENT',
] as const;
export type RegistrationCode = (typeof REGISTRATION_CODES)[number];

/** Our own codes for refusals the spec does not name. */
export const REGISTRATION_REFUSALS = [
  /** The event has ended, is not ready, or is a blueprint/template. */
  'REGISTRATION_CLOSED',
  /** The person was blocked from this event (bulk_block). */
  'USER_BLOCKED_FROM_EVENT',
  /** A check-in QR code issued for another event (or forged). */
  'CHECK_IN_CODE_INVALID',
  /** A flat-file sheet unknown, expired or already submitted. */
  'SHEET_NOT_FOUND',
  /** 002 §8.10 / §5.11: a bulk action without an event id. */
  'EVENT_ID_REQUIRED',
  /** 002 §8.10: the organisation has no contract (silent in the studio). */
  'ORGANIZATION_DOES_NOT_HAVE_CONTRACT',
] as const;

/**
 * How often a Registered person may register again (each time: a new confirmation email,
 * USER_ALREADY_IN_EVENT); after that MAX_RE_REGISTRATION_LIMIT_REACHED and no email.
 */
export const MAX_RE_REGISTRATIONS = 3;
/** Public register calls allowed per client address per minute (then TOO_MANY_REQUESTS, 429). */
export const REGISTER_RATE_LIMIT_PER_MINUTE = 30;

/** 001 §9: event members page size; 002 §9: series registrants page size, total registrants limit. */
export const EVENT_MEMBERS_PAGE_SIZE = 20;
export const SERIES_REGISTRANTS_PAGE_SIZE = 25;
export const TOTAL_REGISTRANTS_LIMIT = 20;
/** 002 §9: the registration confirmation toast stays 20000 ms. */
export const REGISTRATION_TOAST_MS = 20_000;

/** Flat-file import limits: the file's size and its rows (beyond them the whole file is refused). */
export const FLAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FLAT_FILE_MAX_ROWS = 10_000;
/** The columns a flat file is read by (header names, case-insensitive); others are form answers. */
export const FLAT_FILE_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'company',
  'title',
  'event_user_status',
] as const;
/** How long a validated sheet waits for its submit. */
export const FLAT_FILE_SHEET_TTL_MINUTES = 60;

/** Bulk moderation actions (002 §4.9) and the paths that name them. */
export const BULK_MODERATION_ACTIONS = ['block', 'unblock', 'delete'] as const;
export type BulkModerationAction = (typeof BULK_MODERATION_ACTIONS)[number];
/** The most users one bulk call may list. */
export const BULK_MODERATION_MAX_USERS = 5_000;

/** Where a registration came from. */
export const REGISTRATION_SOURCES = ['form', 'series', 'manual', 'import', 'one_click'] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

// ── Registration forms (the forms part) ──────────────────────────────────────────────────────

/** Forms listed per page (settings → forms, the event's form chooser). */
export const REGISTRATION_FORMS_PAGE_SIZE = 50;
/** A global form still chosen by events cannot be deleted (409). */
export const REGISTRATION_FORM_IN_USE = 'REGISTRATION_FORM_IN_USE';
/** An event has one form of its own (409 on a second). */
export const EVENT_HAS_OWN_FORM = 'EVENT_HAS_OWN_FORM';

/**
 * The attendance rule's other half: once an event has ended (and this grace has passed, for the
 * app's last reports to arrive), a registrant still Registered is a No Show. Attending later (the
 * replay in the event's app) makes them Attended; the No Show filter and emails read the status.
 */
export const NO_SHOW_GRACE_MINUTES = 15;
/** The statuses that become Attended when the registrant is present in the event's app. */
export const ATTENDED_IN_APP_FROM = [
  'REGISTRATION',
  'EVENT_NO_SHOW',
] as const satisfies readonly EventUserStatus[];
export const becomesAttendedInApp = (status: EventUserStatus | null): boolean =>
  status !== null && (ATTENDED_IN_APP_FROM as readonly EventUserStatus[]).includes(status);
