import type { EventMember, EventUserStatus, RegistrationSource } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The registrations service's contract (issue 16), implemented in registrants/: what the other
 * parts of registration (members, imports, series, check-in, the attendee site) call. Every
 * write that can take or free a seat goes through it, so capacity is checked and the waitlist
 * promoted in one place, inside the writing transaction.
 */
export interface RegistrationRequest {
  organizationId: string;
  eventId: string;
  person: { email: string; first_name: string; last_name: string; company?: string; title?: string };
  /** The form's answers (already validated by the caller against the event's form when from a form). */
  answers: Record<string, unknown>;
  source: RegistrationSource;
  formId?: string | null;
  timezone?: string | null;
  /**
   * An organiser's chosen status (manual, import, series): REGISTRATION still respects capacity
   * (waitlisted, or refused when the waitlist is off); other statuses are written as given.
   */
  status?: EventUserStatus;
  sendEmail: boolean;
}

export type RegistrationOutcome =
  | {
      ok: true;
      registrationId: string;
      userId: string;
      status: EventUserStatus;
      awaitingApproval: boolean;
      created: boolean;
      /** Whether the person was created by this registration: no account had their email before. */
      newPerson: boolean;
    }
  | {
      ok: false;
      code:
        | 'USER_ALREADY_IN_EVENT'
        | 'REGISTRATION_LIMIT_REACHED'
        | 'MAX_RE_REGISTRATION_LIMIT_REACHED'
        | 'USER_ALREADY_WAITLISTED_FOR_EVENT'
        | 'USER_ALREADY_CANCELED_FOR_EVENT'
        | 'USER_ALREADY_REJECTED_FOR_EVENT'
        | 'REGISTRATION_CLOSED'
        | 'USER_BLOCKED_FROM_EVENT';
    };

/** One of many registrations into the same event (registerMany). */
export type BatchRegistration = Omit<RegistrationRequest, 'organizationId' | 'eventId'>;

export interface Registrations {
  /**
   * Opens what register and seatsFreed need (the job queue for their emails). Call it before
   * opening a transaction to hand them: on PGlite the queue cannot open while it holds the one
   * connection.
   */
  ready(): Promise<void>;
  /** Registers a person (finds or creates the user); capacity checked in `tx` or its own transaction. */
  register(request: RegistrationRequest, tx?: Executor): Promise<RegistrationOutcome>;
  /**
   * Registers many people into one event at once (the flat-file import), in `tx`: the event locked
   * once, its seats counted once and given in the requests' order, the registrations written in
   * batches and their emails enqueued as jobs. One outcome per request, in order.
   */
  registerMany(
    organizationId: string,
    eventId: string,
    requests: readonly BatchRegistration[],
    tx: Executor,
  ): Promise<RegistrationOutcome[]>;
  /**
   * An organiser's status change (approve/promote → REGISTRATION with capacity, reject, cancel,
   * attended, no show); frees seats and promotes the waitlist when it should. 404 when not theirs.
   */
  changeStatus(organizationId: string, registrationId: string, status: EventUserStatus): Promise<EventMember>;
  /**
   * A person present in the event's app (analytics' beacons): their Registered registration becomes
   * Attended, once, told to the webhooks; no desk check-in is stamped, and a waitlisted, rejected,
   * canceled or blocked registration is left as it is. Whether one changed.
   */
  attendedInApp(organizationId: string, eventId: string, userId: string): Promise<boolean>;
  /** After seats were freed by someone else's write (bulk delete/block, capacity raised): promote the waitlist, in `tx`. */
  seatsFreed(organizationId: string, eventId: string, tx?: Executor): Promise<void>;
  /** One registrant as the members table shows them, or null. */
  member(organizationId: string, registrationId: string): Promise<EventMember | null>;
}
