import {
  icalendar,
  isScheduled,
  SEAT_CONFIRMATION_EMAILS,
  type EventMember,
  type RegistrationEmailType,
} from '@studio/domain';
import type { MailMessage } from '../../../platform/mail/mail.ts';
import { eventInvitation } from '../../back-office/event-invitation.ts';
import type { RegistrationEvent } from '../../back-office/events/event-core.service.ts';
import type { EmailComposer } from '../../email/email-composer.ts';
import type { EventMagicLinks } from '../../event-roles/event-people.ts';
import type { RegistrantLinksOf } from '../registrant-links.ts';
import type { MailLogKey } from '../../../platform/db/mail-log.ts';
import type { RegistrationsRepository } from './registrations.repository.ts';

export interface RegistrationMailerDeps {
  repository: RegistrationsRepository;
  /** The email module: the event's template of the email type, rendered and sent; its schedule's switch. */
  emails: () => Pick<EmailComposer, 'composeTyped' | 'send' | 'switchedOn'>;
  /** The calendar invitation's ORGANIZER address. */
  organizer: string;
  /** The event's public page, which the calendar invitation links (as the event's download does). */
  eventPageUrl: (organizationId: string, eventId: string) => Promise<string>;
  magicLinks: () => EventMagicLinks;
  /** The cancel link and check-in code every email to a registrant carries. */
  registrantLinks: RegistrantLinksOf;
  now: () => Date;
}

/**
 * Registration's emails, each once per registrant, type and occasion (`registration_mail_log`):
 * the log row is claimed first and given back when the email did not leave (a retry sends it).
 * The content is the event's template of the email type (the email module renders it); a seat's
 * confirmation carries the person's magic link, the event's .ics, the cancel link and, for
 * in-person and hybrid events, the check-in QR code as an inline image; a cancellation carries the
 * entry's METHOD:CANCEL. A type switched off in the event's email schedule (its Active switch) is
 * skipped and not logged, so switching it back on sends it for the occasions that follow.
 */
export function createRegistrationMailer(deps: RegistrationMailerDeps) {
  async function message(
    member: EventMember,
    event: RegistrationEvent,
    emailType: RegistrationEmailType,
  ): Promise<MailMessage> {
    const confirms = SEAT_CONFIRMATION_EMAILS.includes(emailType);
    const magicLink = confirms ? await deps.magicLinks().urlFor(event.id, member.user) : '';
    const links = (await deps.registrantLinks(event))(member.id);
    const mail = await deps.emails().composeTyped({
      event,
      emailType,
      recipient: {
        email: member.email,
        firstName: member.first_name,
        lastName: member.last_name,
        magicLink: magicLink || null,
        cancelLink: links.cancelLink,
        checkInCode: confirms ? links.checkInCode : null,
      },
    });
    // The event's own entry (the UID and SEQUENCE its updated invitations use after a reschedule);
    // a cancellation withdraws it. A recording has no schedule to put in a calendar.
    const method = confirms ? 'REQUEST' : emailType === 'Canceled' ? 'CANCEL' : null;
    if (!method || !isScheduled(event.event_type)) return mail;
    const pageUrl = await deps.eventPageUrl(event.organizationId, event.id);
    const ics = icalendar(eventInvitation(event, member, deps.organizer, pageUrl, deps.now(), method));
    mail.icalEvent = { method, filename: 'event.ics', content: ics };
    return mail;
  }

  return {
    /**
     * Sends one email unless it was sent for this occasion or its type is switched off; throws when
     * it did not leave (the job retries).
     */
    async send(
      member: EventMember,
      event: RegistrationEvent,
      emailType: RegistrationEmailType,
      occasion: string,
    ): Promise<boolean> {
      const key: MailLogKey = { eventId: event.id, userId: member.user, emailType, occasion };
      if (await deps.repository.wasSent(key)) return false;
      if (!(await deps.emails().switchedOn(event, emailType))) return false;
      const built = await message(member, event, emailType);
      if (!(await deps.repository.claim(key))) return false;
      let delivered = false;
      try {
        delivered = await deps.emails().send(built);
      } finally {
        if (!delivered) await deps.repository.release(key);
      }
      if (!delivered) throw new Error(`The ${emailType} email of event ${event.id} did not leave.`);
      return true;
    },
  };
}

export type RegistrationMailer = ReturnType<typeof createRegistrationMailer>;
