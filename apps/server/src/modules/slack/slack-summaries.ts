import {
  SLACK_POST_EVENT_SUMMARY_WINDOW_HOURS,
  SLACK_PRE_EVENT_SUMMARY_MINUTES,
  SLACK_SUMMARY_KINDS,
  startsInWords,
  type SlackSummaryKind,
} from '@studio/domain';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { slackMessageJob } from './slack.jobs.ts';
import type { SlackRepository } from './slack.repository.ts';
import { escaped, slackMessageOf } from './slack-poster.ts';

/** An event as a summary names and times it. */
export interface SummarizedEvent {
  id: string;
  title: string;
  start_time: Date;
  end_time: Date;
}

export interface SlackSummariesDeps {
  repository: SlackRepository;
  jobs: JobQueue;
  /** The organisation's events of these ids (gone ones are left out). */
  eventsOf: (organizationId: string, ids: string[]) => Promise<SummarizedEvent[]>;
  /** The event's registrants holding a seat, and those who attended. */
  countsOf: (eventId: string) => Promise<{ registered: number; checked_in: number }>;
}

const MINUTE = 60_000;

/** The moment a summary sums up (its occasion), and whether `now` is its time to be posted. */
const summaryTimes: Record<SlackSummaryKind, (event: SummarizedEvent, now: Date) => [Date, boolean]> = {
  PRE_EVENT_REGISTRANT_SUMMARY: ({ start_time }, now) => [
    start_time,
    now.getTime() >= start_time.getTime() - SLACK_PRE_EVENT_SUMMARY_MINUTES * MINUTE && now < start_time,
  ],
  POST_EVENT_ATTENDED_SUMMARY: ({ end_time }, now) => [
    end_time,
    now >= end_time &&
      now.getTime() < end_time.getTime() + SLACK_POST_EVENT_SUMMARY_WINDOW_HOURS * 60 * MINUTE,
  ],
};

/** The summary's message, worded for the time left before the event at `now` (the sweep's). */
function summaryOf(
  kind: SlackSummaryKind,
  event: SummarizedEvent,
  now: Date,
  counts: { registered: number; checked_in: number },
) {
  const { title } = event;
  const [figure, what] =
    kind === 'PRE_EVENT_REGISTRANT_SUMMARY'
      ? [counts.registered, startsInWords(event.start_time.getTime() - now.getTime())]
      : [counts.checked_in, 'has ended'];
  const people = `${figure} ${kind === 'PRE_EVENT_REGISTRANT_SUMMARY' ? 'registered' : 'attended'}`;
  return slackMessageOf(`${title} ${what}: ${people}`, `*${escaped(title)}* ${what}: *${people}*`);
}

/**
 * The two summaries (spec 002 §3.17): a sweep every minute (worker) writes, for each notification
 * that asks for one and whose time has come, one message with the registrant count before the
 * event or the attended count after it, and queues its post. Each is written once per occasion,
 * so a rescheduled event gets a summary for its new time.
 */
export function createSlackSummaries(deps: SlackSummariesDeps) {
  const { repository } = deps;

  async function sweep(now: Date): Promise<void> {
    const notifications = await repository.summaryNotifications();
    const byOrganization = new Map<string, typeof notifications>();
    for (const notification of notifications)
      byOrganization.set(notification.organization_id, [
        ...(byOrganization.get(notification.organization_id) ?? []),
        notification,
      ]);
    for (const [organizationId, ofOrganization] of byOrganization) {
      const events = new Map(
        (
          await deps.eventsOf(
            organizationId,
            ofOrganization.map((notification) => notification.event_id),
          )
        ).map((event) => [event.id, event]),
      );
      for (const notification of ofOrganization) {
        const event = events.get(notification.event_id);
        if (!event) continue;
        for (const kind of SLACK_SUMMARY_KINDS) {
          const [occasion, due] = summaryTimes[kind](event, now);
          if (!due || !notification.notification_types.includes(kind)) continue;
          const body = JSON.stringify(summaryOf(kind, event, now, await deps.countsOf(event.id)));
          const messageId = await repository.insertSummary({
            notification_id: notification.id,
            kind,
            body,
            occasion,
          });
          if (messageId) await deps.jobs.send(slackMessageJob, { messageId });
        }
      }
    }
  }

  return { sweep };
}

export type SlackSummaries = ReturnType<typeof createSlackSummaries>;
