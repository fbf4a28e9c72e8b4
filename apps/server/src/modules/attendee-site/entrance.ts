import {
  DEFAULT_EVENT_BRANDING,
  EVENT_ROLES,
  eventPersonRoleLabel,
  fullName,
  leadingEventRole,
  type EventAppSettings,
  type EventPersonRoleLabel,
  type EventType,
  type EventUserStatus,
} from '@studio/domain';
import { isUuid } from '../../platform/db/uuid.ts';
import type { PersonInEvent } from '../event-roles/event-people.ts';
import type { MagicLinkHolder, MagicLinksService } from '../magic-links/magic-links.service.ts';
import type { SessionTimes } from '../programme/agenda/session-times.ts';
import type { AdmissionRead } from './entrance.repository.ts';

/** The event as the entrance shows it. */
export interface EntranceEvent {
  id: string;
  title: string;
  organizationId: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
  event_type: EventType;
}

/** What the attendee site reads, each through its owner's service (studio.ts wires them). */
export interface EntranceDeps {
  links: Pick<MagicLinksService, 'verify' | 'recordUse' | 'passFor'>;
  /** A link into a public event with its person and the event, in one statement (entrance.repository.ts). */
  admissionOf(eventId: string, linkId: string): Promise<AdmissionRead | undefined>;
  /** The event by id (back office), undefined when there is none. */
  eventById(eventId: string): Promise<EntranceEvent | undefined>;
  /** The person's roles and sessions in the event (event roles). */
  personInEvent(eventId: string, userId: string): Promise<PersonInEvent | undefined>;
  /** An event_app role the organisation may use (the roles catalogue). */
  roleOf(organizationId: string, roleId: string): Promise<{ name: string; display_name: string } | undefined>;
  /** These sessions of the event, by start (the agenda). */
  sessionsOf(eventId: string, ids: readonly string[]): Promise<SessionTimes[]>;
  /** The studio's clock: an entry pass is good until its expiry by it. */
  clock: () => Date;
}

/** A person the event's token admits: their leading role there and their name. */
export interface Admitted {
  holder: MagicLinkHolder;
  event: EntranceEvent;
  role: number | undefined;
  name: string;
  /** The event's early entry (the one-hour rule), read with the admission. */
  settings: Pick<EventAppSettings, 'disable_enter_event_button'>;
  /** Their registration's status in the event; null without one. */
  registrationStatus: EventUserStatus | null;
}

/** The entrance page's content: who is signed in, as what, and their sessions. */
export interface EntranceView {
  event: EntranceEvent;
  name: string;
  roleLabel: EventPersonRoleLabel;
  sessions: (SessionTimes & { role: string })[];
}

/** A token presented on an event's path, checked, and what its page shows. */
export function createEntrance(deps: EntranceDeps) {
  const roleName = async (organizationId: string, roleId: string | null) =>
    roleId === null ? undefined : (await deps.roleOf(organizationId, roleId))?.display_name;

  return {
    /**
     * The token's holder and event when the token is good for this event and its holder still holds
     * a role there (a blocked registrant's attendee role does not count), with their leading role
     * (EVENT_ROLE_PRECEDENCE) and name in the event: one statement, read afresh on every call, so
     * a revocation (link re-issued, email changed, role removed, registration refused, event
     * deleted) refuses the very next request on every node.
     */
    async admit(eventId: string, token: string): Promise<Admitted | undefined> {
      if (!isUuid(eventId)) return undefined;
      const read = (linkId: string) => deps.admissionOf(eventId, linkId);
      const found = await deps.links.verify(eventId, token, read, deps.clock());
      if (!found || found.roles.length === 0) return undefined;
      const { holder, event, roles, disableEnterEventButton, registrationStatus } = found;
      return {
        holder,
        event,
        role: leadingEventRole(roles),
        name: fullName({ first_name: found.firstName, last_name: found.lastName }),
        registrationStatus,
        settings: {
          disable_enter_event_button:
            disableEnterEventButton ?? DEFAULT_EVENT_BRANDING.disable_enter_event_button,
        },
      };
    },

    recordUse: (holder: MagicLinkHolder) => deps.links.recordUse(holder),

    /**
     * An entry pass, good until `expiresAt`, for a person who is in the event as an attendee and
     * nothing more (a speaker's, staff member's or organiser's way in stays their email's).
     */
    async passFor(eventId: string, userId: string, expiresAt: Date): Promise<string | undefined> {
      const person = await deps.personInEvent(eventId, userId);
      if (!person || person.roles.some((entry) => entry.role !== EVENT_ROLES.ATTENDEE)) return undefined;
      return deps.links.passFor(eventId, userId, expiresAt);
    },

    async view(event: EntranceEvent, holder: MagicLinkHolder): Promise<EntranceView | undefined> {
      const person = await deps.personInEvent(event.id, holder.userId);
      const leading = person && leadingEventRole(person.roles.map((entry) => entry.role));
      const main = person?.roles.find((entry) => entry.role === leading);
      if (!person || !main) return undefined;
      const mainRole =
        main.eventAppRoleId === null
          ? undefined
          : await deps.roleOf(event.organizationId, main.eventAppRoleId);
      const roleLabel = eventPersonRoleLabel(
        main.role,
        main.role === EVENT_ROLES.ORGANIZER ? (mainRole?.name ?? null) : null,
      );
      const roleIn = new Map(person.sessions.map((entry) => [entry.broadcastId, entry.roleId]));
      const sessions = await deps.sessionsOf(event.id, [...roleIn.keys()]);
      return {
        event,
        name: fullName({ first_name: person.firstName, last_name: person.lastName }),
        roleLabel,
        sessions: await Promise.all(
          sessions.map(async (session) => ({
            ...session,
            role:
              (await roleName(event.organizationId, roleIn.get(session.id) ?? null)) ??
              mainRole?.display_name ??
              roleLabel,
          })),
        ),
      };
    },
  };
}

export type Entrance = ReturnType<typeof createEntrance>;
