import { emailTypeDefinition } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { ReportReceived } from '../../platform/mail/bounce-listener.ts';
import { escapeHtml, type MailMessage, type MailOutcome, type MailSender } from '../../platform/mail/mail.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { ScheduledEvent } from '../back-office/events/event-core.service.ts';
import type { EventPeopleDirectory } from '../event-roles/event-people.ts';
import { createEmailAudiences } from './email-audiences.ts';
import { createEmailDeliveriesRepository } from './email-deliveries.repository.ts';
import {
  createEmailScheduler,
  type ScheduledEmailRenderer,
  type ScheduledMessageOf,
} from './email-scheduler.ts';
import {
  enqueueScheduledSend,
  planScheduledSends,
  registerEmailSchedulerJobs,
} from './email-scheduler.jobs.ts';
import { createEmailSchedulesRepository, scheduleTimesOf } from './email-schedules.repository.ts';
import { registerEmailSchedulesRoutes } from './email-schedules.routes.ts';
import { createEmailSchedulesService, type ScheduleOwners } from './email-schedules.service.ts';
import { createSuppressionList } from './suppression.repository.ts';
import { createDeliveryLog, type BounceListener, type DeliveryLog } from './delivery-log.ts';
import { createEmailTracking } from './email-tracking.ts';

export interface EmailSchedulesAreaDeps {
  db: Executor;
  /** Signs the tracked links and images; their host. */
  secretKey: string;
  publicUrl: string;
  jobs: JobQueue;
  /** Sends one message; the organisation's own sender, once verified. */
  mail: {
    deliver: (message: MailMessage) => Promise<MailOutcome>;
    /** Messages it sends at once (its pooled connections). */
    connections: number;
    senderOf: (organizationId: string) => Promise<MailSender | undefined>;
  };
  backOffice: Pick<BackOffice, 'events' | 'templates' | 'series' | 'scopes'>;
  people: () => EventPeopleDirectory;
  /** The templates' renderer (the email templates' service); without it a plain default message. */
  render?: ScheduledEmailRenderer;
  /** Bounces and complaints of logged messages (the organisation's webhooks). */
  onBounce?: BounceListener;
  now?: () => Date;
}

/** Until the templates' renderer is wired: the type's name, the event and its start, to the person. */
export const plainScheduledEmail: ScheduledEmailRenderer = {
  rendererFor({ emailType, event }) {
    const { label } = emailTypeDefinition(emailType);
    const starts = event.start_time.toLocaleString('en-US', {
      timeZone: event.timezone,
      timeZoneName: 'short',
    });
    const messageOf: ScheduledMessageOf = (recipient) => {
      const lines = [`Hello ${recipient.firstName},`, `${event.title} starts ${starts}.`];
      return Promise.resolve({
        subject: `${label}: ${event.title}`,
        text: lines.join('\n\n'),
        html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
      });
    };
    return Promise.resolve(() => Promise.resolve(messageOf));
  },
};

/** Whose schedules a request names (an event, an event template or a series), as the caller sees it. */
function scheduleOwners(backOffice: EmailSchedulesAreaDeps['backOffice']): ScheduleOwners {
  return async (caller: Caller, query, permission) => {
    if (query.event) {
      const { event } = await backOffice.events.programmeEventOf(caller, query.event, permission);
      return {
        owner: { organizationId: event.organizationId, type: 'event', id: event.id },
        times: scheduleTimesOf(event),
        timezone: event.timezone,
        isRepeatingEvent: false,
        seriesId: event.series_id,
        eventTemplateId: null,
      };
    }
    if (query.event_template) {
      const template = await backOffice.templates.get(caller, query.event_template);
      const context = { times: null, timezone: null, isRepeatingEvent: false, seriesId: null };
      return {
        ...context,
        owner: { organizationId: template.organization, type: 'event_template', id: template.id },
        eventTemplateId: template.id,
      };
    }
    const scope = await backOffice.scopes.scopeOf(caller, permission);
    const series = await backOffice.series.findVisible(scope, query.series!);
    if (!series) throw notFound();
    return {
      owner: { organizationId: series.organization_id, type: 'series', id: series.id },
      times: null,
      timezone: null,
      isRepeatingEvent: series.is_repeating,
      seriesId: series.id,
      eventTemplateId: null,
    };
  };
}

/** A bounce or complaint received at a logged message's return path (platform/mail/bounce-listener.ts). */
function reportedDeliveries(
  deliveries: ReturnType<typeof createEmailDeliveriesRepository>,
  log: DeliveryLog,
): ReportReceived {
  return async (token, report) => {
    if (report.outcome !== 'bounced' && report.outcome !== 'complained') return;
    const delivery = isUuid(token) ? await deliveries.findDelivery(token) : undefined;
    if (!delivery) return;
    await log.refused(delivery, report.outcome, report.diagnostic ?? report.status);
  };
}

/** Email schedules, the scheduler, the delivery log and the suppression list (issue 33 §4, §5, §9). */
export function createEmailSchedulesArea(deps: EmailSchedulesAreaDeps) {
  const { db, backOffice } = deps;
  const now = deps.now ?? (() => new Date());
  const schedules = createEmailSchedulesRepository(db);
  const deliveries = createEmailDeliveriesRepository(db);
  const suppression = createSuppressionList(db);

  const owners = scheduleOwners(backOffice);
  const deliveryLog = createDeliveryLog(db, deliveries, suppression, deps.onBounce);

  const eventOf = async (organizationId: string, eventId: string): Promise<ScheduledEvent | undefined> => {
    const [event] = await backOffice.events.programmeEventsByIds(organizationId, [eventId]);
    return event;
  };

  const tracking = createEmailTracking({
    deliveries,
    secretKey: deps.secretKey,
    publicUrl: deps.publicUrl,
    now,
  });
  const scheduler = createEmailScheduler({
    schedules,
    deliveries,
    suppression,
    eventOf,
    startingBetween: (from, to) => backOffice.events.startingBetween(from, to),
    recipientsOf: createEmailAudiences(db, deps.people),
    render: deps.render ?? plainScheduledEmail,
    senderOf: (organizationId) => deps.mail.senderOf(organizationId),
    deliver: (message) => deps.mail.deliver(message),
    connections: deps.mail.connections,
    enqueue: enqueueScheduledSend(deps.jobs),
    plan: planScheduledSends(deps.jobs),
    trackedHtmlFor: (organizationId) => tracking.trackedHtmlFor(organizationId),
    log: deliveryLog,
    now,
  });
  const service = createEmailSchedulesService({
    db,
    schedules,
    deliveries,
    owners,
    planSends: (organizationId, eventId) => scheduler.planEvent(organizationId, eventId),
    now,
  });
  const deliveryReported = reportedDeliveries(deliveries, deliveryLog);
  /** An event's delivery log figures, for analytics' Emails tab. */
  const deliveryFiguresOf = async (organizationId: string, eventId: string) => {
    const [log, tracking] = await Promise.all([
      deliveries.page(organizationId, { event: eventId }, { limit: 0, offset: 0 }),
      deliveries.tracksOpensAndClicks(organizationId),
    ]);
    return { counts: log.counts, engagement: log.engagement, tracking };
  };
  return {
    service,
    scheduler,
    suppression,
    tracking,
    deliveries,
    deliveryLog,
    deliveryReported,
    deliveryFiguresOf,
  };
}

export type EmailSchedulesArea = ReturnType<typeof createEmailSchedulesArea>;

export function registerEmailSchedulesArea(
  app: HttpServer,
  jobs: JobQueue,
  area: EmailSchedulesArea,
  publicUrl: string,
): void {
  registerEmailSchedulesRoutes(app, area.service, publicUrl);
  area.tracking.register(app);
  registerEmailSchedulerJobs(jobs, area.scheduler);
}
