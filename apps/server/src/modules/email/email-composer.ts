import { dateTimeText, timeRangeText } from '@studio/domain';
import type { MailMessage, MailOutcome, MailSender } from '../../platform/mail/mail.ts';
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

/** What a typed email of an event is logged as in the event's delivery log. */
export interface LoggedAs {
  organizationId: string;
  eventId: string;
  emailType: string;
}

/** A composed message; a typed email of an event carries what it is logged as. */
export type ComposedEmail = MailMessage & { loggedAs?: LoggedAs };

export interface EmailComposerDeps {
  templates: EmailTemplatesService;
  mail: { send(message: MailMessage): Promise<boolean>; deliver(message: MailMessage): Promise<MailOutcome> };
  /** The event's delivery log (the schedules' side of the module). */
  deliveryLog: () => {
    recordMessage(entry: LoggedAs & { recipient: string }): Promise<string>;
    settle(
      id: string,
      outcome: { status: 'sent' | 'failed' | 'bounced'; reason?: string | null },
    ): Promise<void>;
  };
  organizationName: (organizationId: string) => Promise<string>;
  /** A signed link whose page adds the address to the organisation's suppression list. */
  unsubscribeUrlFor: (organizationId: string, email: string) => string;
  /** The organisation's own sender (sender domains), once it has one; else the studio's. */
  senderOf: (organizationId: string) => Promise<MailSender | undefined>;
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
    const [organizationName, sender] = await Promise.all([
      deps.organizationName(organizationId),
      deps.senderOf(organizationId),
    ]);
    return async (recipient: EmailRecipient): Promise<MailMessage> => ({
      ...(await compiled.render(
        recipient.email,
        mergeValues(organizationId, organizationName, event, recipient),
        recipient.checkInCode,
      )),
      sender,
    });
  }

  return {
    renderer,

    /** The event's template of the email type (its default when none is stored), rendered. */
    async composeTyped({ event, emailType, recipient }: TypedEmail): Promise<ComposedEmail> {
      const owner = { context: 'event' as const, id: event.id, organizationId: event.organizationId };
      const template = await deps.templates.templateOfType(owner, emailType);
      const message = await (await renderer(event.organizationId, template, event))(recipient);
      return { ...message, loggedAs: { organizationId: event.organizationId, eventId: event.id, emailType } };
    },

    /**
     * Hands a message to the mail service, with its HTML and text parts; whether it left. A typed
     * email of an event is written to the event's delivery log first and settled with its outcome.
     */
    async send({ loggedAs, ...message }: ComposedEmail): Promise<boolean> {
      if (!loggedAs) return deps.mail.send(withBothParts(message));
      const log = deps.deliveryLog();
      const id = await log.recordMessage({ ...loggedAs, recipient: message.to });
      const outcome = await deps.mail.deliver({ ...withBothParts(message), deliveryToken: id });
      await log.settle(
        id,
        outcome.sent
          ? { status: 'sent' }
          : { status: outcome.permanent ? 'bounced' : 'failed', reason: outcome.reason },
      );
      return outcome.sent;
    },
  };
}

export type EmailComposer = ReturnType<typeof createEmailComposer>;
