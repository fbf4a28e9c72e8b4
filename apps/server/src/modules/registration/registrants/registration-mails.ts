import QRCode from 'qrcode';
import {
  fillRegistrationEmail,
  REGISTRATION_EMAIL_DEFAULTS,
  SEAT_CONFIRMATION_EMAILS,
  type EventMember,
  type RegistrationEmailType,
} from '@studio/domain';
import { escapeHtml, type MailMessage } from '../../../platform/mail/mail.ts';
import type { AttendeeBaseUrl } from '../../../platform/attendee-origin.ts';
import type { RegistrationEvent } from '../../back-office/events/event-core.service.ts';
import type { EventMagicLinks } from '../../event-roles/event-people.ts';
import { eventTimeText } from '../../event-invitations/email-content.ts';
import { sessionsCalendar } from '../../event-invitations/session-calendar.ts';
import type { RegistrationTokens } from '../registration-tokens.ts';
import type { MailKey, RegistrationsRepository } from './registrations.repository.ts';

/** The check-in code's image in the confirmation (the HTML shows `cid:` + this). */
export const CHECK_IN_QR_CID = 'check-in-code@event-studio';

export interface RegistrationMailerDeps {
  repository: RegistrationsRepository;
  mail: { send(message: MailMessage): Promise<boolean> };
  /** The calendar invitation's ORGANIZER address. */
  organizer: string;
  magicLinks: () => EventMagicLinks;
  tokens: RegistrationTokens;
  attendeeBaseUrl: AttendeeBaseUrl;
  now: () => Date;
}

/** The registrant's cancel page on the attendee origin (built by the attendee site). */
export const cancelUrl = (base: string, eventId: string, token: string) =>
  `${base}/e/${eventId}/cancel?token=${encodeURIComponent(token)}`;

const URL_IN_TEXT = /https?:\/\/[^\s<]+/g;

function htmlOf(text: string, qrCode: boolean): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const code = qrCode
    ? `<p>Show this code at the check-in desk:</p><p><img src="cid:${CHECK_IN_QR_CID}" alt="Your check-in code" width="240" height="240"></p>`
    : '';
  return `<!doctype html><html><body>${paragraphs}${code}</body></html>`;
}

/**
 * Registration's emails, each once per registrant, type and occasion (`registration_mail_log`):
 * the log row is claimed first and given back when the email did not leave (a retry sends it).
 * A seat's confirmation carries the person's magic link, the event's .ics, the cancel link and,
 * for in-person and hybrid events, the check-in QR code as an inline image.
 */
export function createRegistrationMailer(deps: RegistrationMailerDeps) {
  async function message(
    member: EventMember,
    event: RegistrationEvent,
    emailType: RegistrationEmailType,
  ): Promise<MailMessage> {
    const content = REGISTRATION_EMAIL_DEFAULTS[emailType];
    const confirms = SEAT_CONFIRMATION_EMAILS.includes(emailType);
    const magicLink = confirms ? await deps.magicLinks().urlFor(event.id, member.user) : '';
    const base = await deps.attendeeBaseUrl(event.organizationId);
    const values = {
      first_name: member.first_name,
      event_title: event.title,
      event_time: eventTimeText(event),
      magic_link: magicLink,
      cancel_link: cancelUrl(base, event.id, deps.tokens.tokenFor('cancel', event.id, member.id)),
    };
    const text = fillRegistrationEmail(content.body, values);
    const qrCode = confirms && event.host_type !== 'Virtual';
    const mail: MailMessage = {
      to: member.email,
      subject: fillRegistrationEmail(content.subject, values),
      text,
      html: htmlOf(text, qrCode),
    };
    if (!confirms) return mail;
    const person = {
      userId: member.user,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
    };
    const whole = {
      id: event.id,
      title: event.title,
      start_time: event.start_time,
      end_time: event.end_time,
    };
    const ics = sessionsCalendar(
      [{ ...whole, sequence: 0 }],
      person,
      event,
      magicLink,
      deps.organizer,
      deps.now(),
    );
    mail.icalEvent = { method: 'REQUEST', filename: 'event.ics', content: ics };
    if (qrCode) {
      const png = await QRCode.toBuffer(deps.tokens.tokenFor('ci', event.id, member.id), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 480,
      });
      mail.attachments = [
        { filename: 'check-in.png', content: png, contentType: 'image/png', cid: CHECK_IN_QR_CID },
      ];
    }
    return mail;
  }

  return {
    /** Sends one email unless it was sent for this occasion; throws when it did not leave (the job retries). */
    async send(
      member: EventMember,
      event: RegistrationEvent,
      emailType: RegistrationEmailType,
      occasion: string,
    ): Promise<boolean> {
      const key: MailKey = { eventId: event.id, userId: member.user, emailType, occasion };
      if (await deps.repository.wasSent(key)) return false;
      const built = await message(member, event, emailType);
      if (!(await deps.repository.claim(key))) return false;
      let delivered = false;
      try {
        delivered = await deps.mail.send(built);
      } finally {
        if (!delivered) await deps.repository.release(key);
      }
      if (!delivered) throw new Error(`The ${emailType} email of event ${event.id} did not leave.`);
      return true;
    },
  };
}

export type RegistrationMailer = ReturnType<typeof createRegistrationMailer>;
