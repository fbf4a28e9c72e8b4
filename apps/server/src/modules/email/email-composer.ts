import { defaultEmailTemplateOf, eventMergeValues, type HostType, type MergeValues } from '@studio/domain';
import type { MailMessage, MailOutcome, MailSender } from '../../platform/mail/mail.ts';
import { compileEmail, withBothParts, type CompiledEmail } from './email-rendering.ts';
import type { EmailTemplatesService, SendableTemplate } from './email-templates.service.ts';
import type { DeliveryLog, DeliveryOutcome, LoggedDelivery } from './delivery-log.ts';
import type { EmailSchedulesService } from './email-schedules.service.ts';

/** What a message says of its event (the back office's programme event). */
export interface EmailEventFacts {
  id: string;
  organizationId: string;
  title: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
  location: string | null;
  host_type: HostType;
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
  /** A speaker's or staff member's sessions, one line each. */
  sessions?: string | null;
}

/**
 * Registration's links of its registrations in an event, which every email to a registrant carries
 * (read once per event, then one call per registration).
 */
export type RegistrantLinksOf = (
  event: EmailEventFacts,
) => Promise<(registrationId: string) => Required<Pick<EmailRecipient, 'cancelLink' | 'checkInCode'>>>;

/**
 * What a message is filed as in the delivery log: an event's (or, without one, the organisation's)
 * message of an email type.
 */
export interface LoggedAs {
  organizationId: string;
  eventId: string | null;
  emailType: string;
}

/** A composed message; a logged one carries what it is filed as. */
export type ComposedEmail = MailMessage & { loggedAs?: LoggedAs };

/**
 * How a message went: sent; failed (it may pass: a retry may send it); bounced (a 5xx: the address
 * joined the suppression list); suppressed (not sent: the address is on the suppression list).
 */
export type EmailOutcome = 'sent' | 'failed' | 'bounced' | 'suppressed';

export interface EmailComposerDeps {
  templates: EmailTemplatesService;
  mail: { deliver(message: MailMessage): Promise<MailOutcome> };
  /** The delivery log and the suppression list (the schedules' side of the module). */
  deliveryLog: () => Pick<DeliveryLog, 'record' | 'settle' | 'settleRound' | 'refusesEverything'>;
  organizationName: (organizationId: string) => Promise<string>;
  /** A signed link whose page adds the address to the organisation's suppression list. */
  unsubscribeUrlFor: (organizationId: string, email: string) => string;
  /** The organisation's own sender (sender domains), once it has one; else the studio's. */
  senderOf: (organizationId: string) => Promise<MailSender | undefined>;
  /** The event's schedule of an email type (the schedules' side of the module), which its senders follow. */
  schedules: () => Pick<EmailSchedulesService, 'typeScheduleOf' | 'eventsDueBetween'>;
}

/** An event, as what its email rows belong to. */
type EmailEventRef = Pick<EmailEventFacts, 'id' | 'organizationId'>;

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
  /** The merge values every recipient of a context shares: its event's (as the editor's preview shows them), its organisation's. */
  function sharedValues(organizationName: string, event: EmailEventFacts | null) {
    return {
      ...eventMergeValues(event),
      checkin_qrcode: null,
      organization_name: organizationName,
    };
  }

  /** A template compiled once, rendered for each recipient of a context (a send to many). */
  async function renderer(organizationId: string, template: SendableTemplate, event: EmailEventFacts | null) {
    const compiled: CompiledEmail = compileEmail(template);
    const [organizationName, sender] = await Promise.all([
      deps.organizationName(organizationId),
      deps.senderOf(organizationId),
    ]);
    const shared = sharedValues(organizationName, event);
    return async (recipient: EmailRecipient): Promise<MailMessage> => {
      const unsubscribeUrl = deps.unsubscribeUrlFor(organizationId, recipient.email);
      const values: MergeValues = {
        ...shared,
        first_name: recipient.firstName,
        last_name: recipient.lastName,
        full_name: `${recipient.firstName} ${recipient.lastName}`.trim(),
        email: recipient.email,
        magic_link: recipient.magicLink ?? null,
        unsubscribe_link: unsubscribeUrl,
        cancel_link: recipient.cancelLink ?? null,
        sessions: recipient.sessions ?? null,
      };
      const message = await compiled.render(recipient.email, values, recipient.checkInCode);
      return { ...message, sender, unsubscribeUrl };
    };
  }

  /**
   * Hands a message already in the delivery log to the mail service, with its HTML and text parts,
   * from the organisation's sender; answers how it went without recording it.
   */
  async function deliverLogged(message: MailMessage, delivery: LoggedDelivery): Promise<DeliveryOutcome> {
    const outcome = await deps.mail.deliver({
      ...withBothParts(message),
      sender: message.sender ?? (await deps.senderOf(delivery.organizationId)),
      deliveryToken: delivery.id,
    });
    return { delivery, outcome };
  }

  /**
   * Hands a message to the mail service, with its HTML and text parts. A logged message is written
   * to the delivery log before it leaves, from the organisation's sender, and settled with its
   * outcome; to an address that bounced or complained it is not sent (recorded suppressed).
   */
  async function deliver({ loggedAs, ...message }: ComposedEmail): Promise<EmailOutcome> {
    if (!loggedAs) {
      const outcome = await deps.mail.deliver(withBothParts(message));
      return outcome.sent ? 'sent' : outcome.permanent ? 'bounced' : 'failed';
    }
    const log = deps.deliveryLog();
    const { organizationId, eventId } = loggedAs;
    const entry = { ...loggedAs, recipient: message.to };
    if (await log.refusesEverything(organizationId, message.to)) {
      await log.record([entry], 'suppressed');
      return 'suppressed';
    }
    const [id] = await log.record([entry], 'sending');
    const sent = await deliverLogged(message, { id: id!, organizationId, eventId, recipient: message.to });
    return log.settle(sent.delivery, sent.outcome, 'failed');
  }

  const ownerOf = (event: EmailEventRef) => ({
    context: 'event' as const,
    id: event.id,
    organizationId: event.organizationId,
  });

  /** The event's schedule of the email type (`typeScheduleOf`): its senders follow its switch and time. */
  const scheduleOf = (event: EmailEventRef, emailType: string) =>
    deps.schedules().typeScheduleOf(event.organizationId, event.id, emailType);

  return {
    renderer,

    scheduleOf,

    /**
     * Whether the event sends the email type: its schedule's Active switch (a type the schedule does
     * not list always sends). A sender skips a switched-off type without logging it as sent.
     */
    async switchedOn(event: EmailEventRef, emailType: string): Promise<boolean> {
      return (await scheduleOf(event, emailType))?.active ?? true;
    },

    /** The events whose schedule of this timed type (a people's reminder) falls due in (from, to]. */
    eventsDueBetween: (...args: Parameters<EmailSchedulesService['eventsDueBetween']>) =>
      deps.schedules().eventsDueBetween(...args),

    /**
     * The event's template of the email type as a send uses it; `isDefault` while it is the type's
     * built-in default (none stored, or the one seeded and not edited).
     */
    async templateOf(event: EmailEventRef, emailType: string) {
      const template = await deps.templates.templateOfType(ownerOf(event), emailType);
      const builtIn = defaultEmailTemplateOf(emailType);
      const isDefault =
        builtIn !== undefined &&
        template.subject === builtIn.subject &&
        template.email_html === builtIn.email_html;
      return { subject: template.subject, emailHtml: template.email_html, isDefault };
    },

    /** The event's template of the email type (its default when none is stored), rendered. */
    async composeTyped({ event, emailType, recipient }: TypedEmail): Promise<ComposedEmail> {
      const template = await deps.templates.templateOfType(ownerOf(event), emailType);
      const message = await (await renderer(event.organizationId, template, event))(recipient);
      return { ...message, loggedAs: { organizationId: event.organizationId, eventId: event.id, emailType } };
    },

    deliver,

    /**
     * A message of a send to many, claimed in the delivery log before it leaves: sent, its outcome
     * left for `settleRound` to record with the others of its round (`sendInRounds`).
     */
    deliverClaimed: deliverLogged,

    /** Records a round of claimed messages: a failure that may pass waits queued for the send's next try. */
    settleRound: (round: readonly DeliveryOutcome[]) => deps.deliveryLog().settleRound(round, 'queued'),

    /**
     * Sends a message; false when it did not leave and a retry may send it. A logged message that
     * bounced or is suppressed answers true: no retry will deliver it (the log says why).
     */
    async send(message: ComposedEmail): Promise<boolean> {
      const outcome = await deliver(message);
      return message.loggedAs ? outcome !== 'failed' : outcome === 'sent';
    },
  };
}

export type EmailComposer = ReturnType<typeof createEmailComposer>;
