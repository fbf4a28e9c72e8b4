import {
  ENGAGEMENT_RATE_LIMITS,
  engagementFeatures,
  engagementMessages,
  EVENT_ROLES,
  moderatesEngagement,
  type EngagementBranding,
  type EngagementChangeKind,
  type EngagementRole,
  type EngagementFeatures,
  type EngagementFlags,
} from '@studio/domain';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import {
  TooManyRequestsError,
  type RateLimitRule,
  type RateLimitVerdict,
} from '../../platform/http/rate-limit.ts';
import type { Viewer } from './engagement-views.ts';

export type AuthorRole = EngagementRole;

/** Who acts: a person of the event (the event app) or a member of its organisation (the studio, staff). */
export interface Acting extends Viewer {
  role: AuthorRole;
}

/** Who acts, with the name their messages, questions and answers carry. */
export interface Actor extends Acting {
  name: string;
}

/** The event as engagement reads it: its organisation, branding and the organisation's flags. */
export interface EngagementEvent {
  id: string;
  organizationId: string;
  branding: EngagementBranding;
  flags: EngagementFlags;
  /** The People tab is on (show_attendees): present people are listed by name. */
  showAttendees: boolean;
  /**
   * After it, the chat and Q&A are read-only to attendees and speakers and polls take no votes;
   * null for a recording, which has no schedule to end (`isScheduled`).
   */
  endTime: Date | null;
}

/** One change, published once (ids only: every node reads the row, whatever NOTIFY's size limit). */
export interface EngagementChange {
  eventId: string;
  organizationId: string;
  kind: EngagementChangeKind;
  /** The changed row's; the event's for 'chat-cleared' and 'presence'; the session's for 'surveys'. */
  id: string;
}

/** A service event: an attendee posted a message, asked a question or answered a poll (analytics listens). */
export interface EngagementParticipation {
  eventId: string;
  organizationId: string;
  userId: string;
  kind: 'chat_message' | 'question' | 'poll_vote';
  /** The session it was about, when it was a session's chat, question or poll. */
  sessionId: string | null;
}
export type ParticipationListener = (participation: EngagementParticipation) => Promise<void>;

/** What the engagement services read and call outside the module (engagement.area.ts wires them). */
export interface EngagementDeps {
  eventOf(eventId: string): Promise<EngagementEvent | undefined>;
  /** Now (the studio's clock): whether the event has ended. */
  clock: () => Date;
  /** The person's name and part in the event (undefined: not in it). */
  personInEvent(eventId: string, userId: string): Promise<{ name: string; role: AuthorRole } | undefined>;
  /** Charges one hit to a person's counter (shared by every API node), answering its verdict. */
  rateLimitHit(rule: RateLimitRule): Promise<RateLimitVerdict>;
  publish(change: EngagementChange): Promise<void>;
  /** Whether the session, room or booth is one of the event's (the programme's services answer). */
  placeInEvent(eventId: string, kind: ProgrammePlace, id: string): Promise<boolean>;
  /** Whether the room is one of the event's booths' discussion rooms (its chat also needs Booth Chat). */
  isBoothRoom(eventId: string, roomId: string): Promise<boolean>;
  /** The speakers (user ids) of the event's named sessions, or of all its sessions when none are named. */
  sessionSpeakers(eventId: string, sessionIds?: readonly string[]): Promise<SessionSpeakers>;
}

/** The speakers' user ids by session. */
export type SessionSpeakers = ReadonlyMap<string, ReadonlySet<string>>;

/** The programme's places a channel, question or poll may name. */
export type ProgrammePlace = keyof typeof engagementMessages.notInProgramme;

/** A named session, room or booth of another event (or none at all) is refused before anything is stored. */
export async function checkPlace(
  deps: Pick<EngagementDeps, 'placeInEvent'>,
  eventId: string,
  kind: ProgrammePlace,
  id: string | null | undefined,
  field: string,
): Promise<void> {
  if (id && !(await deps.placeInEvent(eventId, kind, id)))
    throw fieldError(field, engagementMessages.notInProgramme[kind]);
}

/** The author role of a person's leading event role: organisers are staff, speakers speakers. */
export const authorRoleOf = (eventRole: number | undefined): AuthorRole =>
  eventRole === EVENT_ROLES.ORGANIZER ? 'staff' : eventRole === EVENT_ROLES.SPEAKER ? 'speaker' : 'attendee';

export const refused = (status: 403 | 404 | 409, message: string) =>
  new HttpError(status, status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'CONFLICT', message);

/** Moderation is the event team's (moderatesEngagement), from the studio or the event app: others get 403. */
export function mustModerate(acting: Pick<Acting, 'role'>): void {
  if (!moderatesEngagement(acting.role)) throw refused(403, engagementMessages.notYours);
}

/** The event's features, read once per call; an unknown event is 404. */
export async function featuresOf(
  deps: Pick<EngagementDeps, 'eventOf'>,
  eventId: string,
): Promise<{ event: EngagementEvent; features: EngagementFeatures }> {
  const event = await deps.eventOf(eventId);
  if (!event) throw notFound();
  return { event, features: engagementFeatures(event.branding, event.flags) };
}

/** Whether the event has ended by now: its chat and Q&A are read-only (but for staff), its polls closed to votes. */
export const hasEnded = (deps: Pick<EngagementDeps, 'clock'>, event: Pick<EngagementEvent, 'endTime'>) =>
  event.endTime !== null && deps.clock().getTime() >= event.endTime.getTime();

/** Charges one of the person's messages, questions or votes; over the minute's limit, 429. */
export async function charge(
  deps: Pick<EngagementDeps, 'rateLimitHit'>,
  kind: keyof typeof ENGAGEMENT_RATE_LIMITS,
  eventId: string,
  userId: string,
): Promise<void> {
  const verdict = await deps.rateLimitHit({
    key: `engagement:${kind}:${eventId}:${userId}`,
    limit: ENGAGEMENT_RATE_LIMITS[kind],
  });
  if (!verdict.allowed) throw new TooManyRequestsError(verdict.retryAfterSeconds);
}
