import { EVENT_ROLES, STAFF_USER_TYPE, type InviteEmailType, type PeopleEmailType } from '@studio/domain';
import type { ComposedEmail } from '../email/email-composer.ts';
import type { SessionTimes } from '../programme/agenda/session-times.ts';
import type { ScheduledEvent } from '../back-office/events/event-core.service.ts';
import type { EventMagicLinks, EventPersonRecord } from '../event-roles/event-people.ts';
import { sessionsText, type PeopleEmails } from './email-content.ts';
import { calendarOccasion, type EventInvitationsRepository } from './event-invitations.repository.ts';
import { sessionsCalendar } from './session-calendar.ts';

export type { SessionTimes };

export interface PeopleMailerDeps {
  repository: EventInvitationsRepository;
  /**
   * The email module: the event's template of each type rendered and sent (filed in the event's
   * delivery log under its type), and its schedule's Active switch.
   */
  emails: () => Pick<PeopleEmails, 'composeTyped' | 'send' | 'switchedOn'>;
  /** The invitations' ORGANIZER address. */
  organizer: string;
  magicLinks: () => EventMagicLinks;
  now: () => Date;
}

/** What one send needs besides the person: the event, its sessions, the calendars already sent. */
export interface MailingContext {
  event: ScheduledEvent;
  sessions: ReadonlyMap<string, SessionTimes>;
  /** user id → the session calendar versions they were sent (only read with `calendar`). */
  calendarsSent: ReadonlyMap<string, readonly string[]>;
  calendar: boolean;
}

/** SpkInvite for speakers, StaffInvite for staff; nothing for other roles. */
export function inviteTypeOf(person: Pick<EventPersonRecord, 'role' | 'userType'>): InviteEmailType | null {
  if (person.role === EVENT_ROLES.SPEAKER) return 'SpkInvite';
  if (person.role === EVENT_ROLES.ORGANIZER && person.userType === STAFF_USER_TYPE) return 'StaffInvite';
  return null;
}

/** The SEQUENCE of a person's entry of a session: how many earlier versions of it they were sent. */
export const sequenceOf = (session: SessionTimes, sent: readonly string[]) => {
  const current = calendarOccasion(session);
  return sent.filter((occasion) => occasion.startsWith(`${session.id}@`) && occasion < current).length;
};

/**
 * Sends the people emails, each once per person, type and occasion (`people_mail_log`): the log
 * row is claimed first, given back when the email did not leave (a retry sends it), kept otherwise
 * (also when the address bounced or is suppressed: the event's delivery log says so). The content
 * is the event's template of the type; a type switched off in the event's email schedule is
 * skipped before the claim (switched on again, it sends for the occasions that follow).
 */
export function createPeopleMailer(deps: PeopleMailerDeps) {
  const { repository } = deps;

  async function message(
    person: EventPersonRecord,
    emailType: PeopleEmailType,
    context: MailingContext,
  ): Promise<{ message: ComposedEmail; calendars: string[] } | null> {
    const { event } = context;
    if (!(await deps.emails().switchedOn(event, emailType))) return null;
    const sessions = person.broadcastIds
      .flatMap((id) => {
        const session = context.sessions.get(id);
        return session ? [session] : [];
      })
      .sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
    const magicLink = await deps.magicLinks().urlFor(person.eventId, person.userId);
    const message = await deps.emails().composeTyped({
      event,
      emailType,
      recipient: {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        magicLink,
        sessions: sessionsText(sessions, event.timezone),
      },
    });
    if (!context.calendar || sessions.length === 0) return { message, calendars: [] };
    const sent = context.calendarsSent.get(person.userId) ?? [];
    const ics = sessionsCalendar(
      sessions.map((session) => ({ ...session, sequence: sequenceOf(session, sent) })),
      person,
      event,
      magicLink,
      deps.organizer,
      deps.now(),
    );
    return {
      message: { ...message, icalEvent: { method: 'REQUEST', filename: 'invite.ics', content: ics } },
      calendars: sessions.map(calendarOccasion),
    };
  }

  return {
    /** Sends one email to one person unless it was sent for this occasion; answers whether it left now. */
    async send(
      person: EventPersonRecord,
      emailType: PeopleEmailType,
      occasion: string,
      context: MailingContext,
    ): Promise<boolean> {
      const key = { eventId: person.eventId, userId: person.userId, emailType, occasion };
      if (await repository.wasSent(key)) return false;
      const built = await message(person, emailType, context);
      if (!built || !(await repository.claim(key))) return false;
      let delivered = false;
      try {
        delivered = await deps.emails().send(built.message);
      } finally {
        if (!delivered) await repository.release(key);
      }
      if (!delivered)
        throw new Error(`The ${emailType} email to a person of event ${person.eventId} did not leave.`);
      await repository.recordCalendars(person.eventId, person.userId, built.calendars);
      return true;
    },
  };
}

export type PeopleMailer = ReturnType<typeof createPeopleMailer>;
