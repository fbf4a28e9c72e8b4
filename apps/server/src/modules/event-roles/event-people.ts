import type { EventRole } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * The contracts between the people areas (issue 15). The event-roles module owns who is in an
 * event; magic links and invitations ask it through `EventPeopleDirectory`, and it asks them
 * through `PeopleInvitations` and `EventMagicLinks`. studio.ts wires them with module links.
 */

/** A person of an event as the emails and magic links need them. */
export interface EventPersonRecord {
  eventRoleId: string;
  eventId: string;
  organizationId: string;
  userId: string;
  role: EventRole;
  /** 'staff' for producers and coordinators (ORGANIZER), else null. */
  userType: string | null;
  email: string;
  firstName: string;
  lastName: string;
  /** The sessions they are in. */
  broadcastIds: string[];
  invitedAt: Date | null;
}

export type PeopleAudience = 'speaker' | 'staff';

/** One person's part in one event, as the attendee origin greets them. */
export interface PersonInEvent {
  /** The organisation's profile of them, else their account's name. */
  firstName: string;
  lastName: string;
  roles: { role: EventRole; userType: string | null; eventAppRoleId: string | null }[];
  /** Each session they are in, with the event_app role they hold there (null: none named). */
  sessions: { broadcastId: string; roleId: string | null }[];
}

export interface EventPeopleDirectory {
  /** The person's roles in the event, lowest first ([] when none). */
  rolesOf(eventId: string, userId: string, tx?: Executor): Promise<number[]>;
  /** The user id of the event's person with this email (any role), or undefined. */
  userIdByEmail(eventId: string, email: string, tx?: Executor): Promise<string | undefined>;
  /** The event's speakers or staff (or the named event roles), with their sessions. */
  peopleOf(
    eventId: string,
    filter: { audience?: PeopleAudience; eventRoleIds?: readonly string[] },
    tx?: Executor,
  ): Promise<EventPersonRecord[]>;
  /** Speakers and staff in any of these sessions (a session moved: their invitations follow). */
  peopleInSessions(broadcastIds: readonly string[], tx?: Executor): Promise<EventPersonRecord[]>;
  /** Records that these people were sent their invitation. */
  markInvited(eventRoleIds: readonly string[], at: Date, tx?: Executor): Promise<void>;
}

/** Invitations (provided by event-invitations). Nothing is sent when the caller's transaction rolls back. */
export interface PeopleInvitations {
  /**
   * Opens the job queue (once): call it before the transaction that calls `enqueue` — on PGlite
   * the queue's first start cannot run inside a transaction.
   */
  ready(): Promise<void>;
  /** Enqueues the invitation emails (SpkInvite or StaffInvite by role) of these event roles, in `tx`. */
  enqueue(
    input: { organizationId: string; eventId: string; eventRoleIds: readonly string[]; calendar: boolean },
    tx: Executor,
  ): Promise<void>;
  /** A bulk (re)invitation as a job with progress (people_jobs); answers the job's id. */
  enqueueBulk(input: {
    organizationId: string;
    eventId: string;
    eventRoleIds: readonly string[];
    calendar: boolean;
  }): Promise<string>;
}

/** Magic links (provided by magic-links). */
export interface EventMagicLinks {
  /** The person's current magic link into the event (issued on first ask), on the attendee origin. */
  urlFor(eventId: string, userId: string, tx?: Executor): Promise<string>;
  /**
   * The people's links into the event by user id, issued on first ask, in a few statements for any
   * number of people (a send to many); ids without an account are left out.
   */
  urlsFor(eventId: string, userIds: readonly string[], tx?: Executor): Promise<Map<string, string>>;
}
