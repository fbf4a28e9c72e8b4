import { dateTimeText, timeRangeText } from '@studio/domain';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { compileEmail, withBothParts, type CompiledEmail, type MergeValues } from './email-rendering.ts';
import type { EmailTemplatesService, SendableTemplate } from './email-templates.service.ts';

/** What a message says of its event (the back office's programme event). */
export interface EmailEventFacts {
  id: string;
  organizationId: string;
  title: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
  location: string | null;
}

/** One person a message goes to, with the links only their sender knows. */
export interface EmailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  magicLink?: string | null;
  cancelLink?: string | null;
  /** The registration's check-in code: the message shows it as a QR image (attached by CID). */
  checkInCode?: string | null;
}

export interface EmailComposerDeps {
  templates: EmailTemplatesService;
  mail: { send(message: MailMessage): Promise<boolean> };
  organizationName: (organizationId: string) => Promise<string>;
  /** A signed link whose page adds the address to the organisation's suppression list. */
  unsubscribeUrlFor: (organizationId: string, email: string) => string;
}

/** An event's message of an email type, for one recipient. */
export interface TypedEmail {
  event: EmailEventFacts;
  emailType: string;
  recipient: EmailRecipient;
}

/**
 * The email module's face to every sender: a template (the event's of an email type, or one
 * chosen) rendered for a recipient with the merge values of spec 001 §9, then handed to the mail
 * service. Senders add only what is theirs (an .ics invitation).
 */
export function createEmailComposer(deps: EmailComposerDeps) {
  function mergeValues(
    organizationId: string,
    organizationName: string,
    event: EmailEventFacts | null,
    recipient: EmailRecipient,
  ): MergeValues {
    return {
      first_name: recipient.firstName,
      last_name: recipient.lastName,
      full_name: `${recipient.firstName} ${recipient.lastName}`.trim(),
      email: recipient.email,
      event_title: event?.title ?? null,
      event_time: event ? timeRangeText(event.start_time, event.end_time, event.timezone) : null,
      event_start: event ? dateTimeText(event.start_time, event.timezone) : null,
      event_end: event ? dateTimeText(event.end_time, event.timezone) : null,
      event_timezone: event?.timezone ?? null,
      event_location: event?.location || null,
      magic_link: recipient.magicLink ?? null,
      checkin_qrcode: null,
      organization_name: organizationName,
      unsubscribe_link: deps.unsubscribeUrlFor(organizationId, recipient.email),
      cancel_link: recipient.cancelLink ?? null,
    };
  }

  /** A template compiled once, rendered for each recipient of a context (a send to many). */
  async function renderer(organizationId: string, template: SendableTemplate, event: EmailEventFacts | null) {
    const compiled: CompiledEmail = compileEmail(template);
    const organizationName = await deps.organizationName(organizationId);
    return (recipient: EmailRecipient): Promise<MailMessage> =>
      compiled.render(
        recipient.email,
        mergeValues(organizationId, organizationName, event, recipient),
        recipient.checkInCode,
      );
  }

  return {
    renderer,

    /** The event's template of the email type (its default when none is stored), rendered. */
    async composeTyped({ event, emailType, recipient }: TypedEmail): Promise<MailMessage> {
      const owner = { context: 'event' as const, id: event.id, organizationId: event.organizationId };
      const template = await deps.templates.templateOfType(owner, emailType);
      return (await renderer(event.organizationId, template, event))(recipient);
    },

    /** Hands a message to the mail service, with its HTML and text parts; whether it left. */
    send: (message: MailMessage) => deps.mail.send(withBothParts(message)),
  };
}

export type EmailComposer = ReturnType<typeof createEmailComposer>;
