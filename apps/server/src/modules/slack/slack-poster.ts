import {
  slackKindOfActivity,
  slackMessages,
  type SlackActivityKind,
  type WebhookActivity,
} from '@studio/domain';
import type { ActivityReport, Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { slackActivityJob, slackMessageJob } from './slack.jobs.ts';
import type { SlackRepository } from './slack.repository.ts';
import { SlackRateLimited, SlackRefused, SlackUnavailable, type SlackWebApi } from './slack-web-api.ts';

export interface SlackPosterDeps {
  repository: SlackRepository;
  jobs: JobQueue;
  tokens: SecretBox;
  slack: SlackWebApi;
  /** The event's title, as the message names it (undefined: the event is gone). */
  eventTitleOf: (organizationId: string, eventId: string) => Promise<string | undefined>;
  /** Seconds to wait before each retry after a 5xx or no answer; its length is the number of retries. */
  retryDelaysSeconds: readonly number[];
}

/** Slack's mrkdwn treats these three as control characters. */
export const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chat.postMessage fields of a message: a plain-text fallback and one Block Kit section. */
export const slackMessageOf = (text: string, markdown: string) => ({
  text,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: markdown } }],
});

const verbs: Record<SlackActivityKind, string> = {
  REGISTRATION: 'registered for',
  ATTENDED: 'checked in at',
};

/** The message of an activity: who did what at which event. */
function messageOf(kind: SlackActivityKind, eventTitle: string, data: Record<string, unknown>) {
  const name = [data.first_name, data.last_name].filter((part) => typeof part === 'string' && part).join(' ');
  const email = typeof data.email === 'string' ? data.email : '';
  const who = name ? `${name}${email ? ` (${email})` : ''}` : email || 'Someone';
  return slackMessageOf(
    `${who} ${verbs[kind]} ${eventTitle}`,
    `*${escaped(who)}* ${verbs[kind]} *${escaped(eventTitle)}*`,
  );
}

/**
 * Activities into Slack messages: `record` (the studio's activities port) queues a job when the
 * event has a notification for it; the worker writes one message per notification and posts each
 * with chat.postMessage, retried after Slack's Retry-After (429) or a back-off (5xx, no answer).
 */
export function createSlackPoster(deps: SlackPosterDeps) {
  const { repository, jobs } = deps;

  const record: Activities['record'] = async (activity: ActivityReport, tx?: Executor) => {
    const kind = slackKindOfActivity[activity.type];
    if (!kind || activity.eventId === null) return;
    const subscribers = await repository.subscribersOf(activity.organizationId, activity.eventId, kind, tx);
    if (subscribers.length === 0) return;
    const data = typeof activity.data === 'function' ? await activity.data(tx) : activity.data;
    await jobs.send(slackActivityJob, { ...activity, eventId: activity.eventId, data }, { tx });
  };

  async function fanOut(activity: WebhookActivity & { eventId: string }): Promise<void> {
    const kind = slackKindOfActivity[activity.type];
    if (!kind) return;
    const subscribers = await repository.subscribersOf(activity.organizationId, activity.eventId, kind);
    const title = await deps.eventTitleOf(activity.organizationId, activity.eventId);
    if (subscribers.length === 0 || title === undefined) return;
    const body = JSON.stringify(messageOf(kind, title, activity.data));
    const created = await repository.insertMessages(
      subscribers.map((notification) => ({ notification_id: notification.id, kind, body })),
    );
    for (const { id } of created) await jobs.send(slackMessageJob, { messageId: id });
  }

  /** One attempt (the message job); a passing failure schedules the next while retries remain. */
  async function post(messageId: string): Promise<void> {
    const message = await repository.messageToPost(messageId);
    if (!message || message.status !== 'pending') return;
    const failed = (why: string) => repository.recordAttempt(message, { status: 'failed', last_error: why });
    if (!message.is_active) return failed('The notification is turned off.');
    const connection = await repository.connectionOf(message.organization_id);
    const token = connection ? deps.tokens.open(connection.sealed_token) : null;
    if (!token) return failed(slackMessages.notConnected);
    try {
      await deps.slack.postMessage(token, message.channel_id, JSON.parse(message.body) as { text: string });
      await repository.recordAttempt(message, { status: 'sent', last_error: null });
    } catch (error) {
      if (error instanceof SlackRefused) return failed(error.message);
      if (!(error instanceof SlackRateLimited || error instanceof SlackUnavailable)) throw error;
      const wait =
        error instanceof SlackRateLimited
          ? error.retryAfterSeconds
          : deps.retryDelaysSeconds[message.attempts];
      if (message.attempts >= deps.retryDelaysSeconds.length || wait === undefined)
        return failed(error.message);
      await repository.recordAttempt(message, { status: 'pending', last_error: error.message });
      await jobs.send(slackMessageJob, { messageId }, { startAfterSeconds: wait });
    }
  }

  return { record, fanOut, post };
}

export type SlackPoster = ReturnType<typeof createSlackPoster>;
