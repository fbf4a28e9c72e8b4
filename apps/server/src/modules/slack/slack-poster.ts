import {
  slackKindOfActivity,
  slackMessages,
  slackOwnerNotReached,
  type SlackActivityKind,
  type SlackSalesforceOwnerType,
  type WebhookActivity,
} from '@studio/domain';
import type { ActivityReport, Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { slackActivityJob, slackMessageJob } from './slack.jobs.ts';
import type { SlackMessageRow, SlackRepository } from './slack.repository.ts';
import { SalesforceOwnerUnavailable, type OwnerRouteOf } from './slack-owner-route.ts';
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
  /** 'Slack plus Salesforce': where a message to the registrant's owner goes. */
  ownerRoute: OwnerRouteOf;
}

/** A notification's messages of an activity: to the owner, to the channel, or both (also_to_channel). */
function messagesOfNotification(
  notification: {
    id: string;
    channel_id: string;
    salesforce_owner_type: string | null;
    also_to_channel: boolean;
  },
  message: { kind: SlackActivityKind; body: string; email: string },
) {
  const { kind, body } = message;
  const toChannel = { notification_id: notification.id, kind, body };
  if (!notification.salesforce_owner_type) return [toChannel];
  const toOwner = { ...toChannel, registrant_email: message.email };
  return notification.also_to_channel && notification.channel_id ? [toOwner, toChannel] : [toOwner];
}

/** The message with a context line (why it is in the channel and not with the owner). */
function withNote(body: string, note: string | null): { text: string; blocks?: unknown[] } {
  const message = JSON.parse(body) as { text: string; blocks?: unknown[] };
  if (!note) return message;
  return {
    text: `${message.text}\n${note}`,
    blocks: [
      ...(message.blocks ?? []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: escaped(note) }] },
    ],
  };
}

/** A failure worth another attempt later: Slack's 429 or 5xx, or Salesforce not answering. */
const isPassing = (error: unknown): error is Error =>
  error instanceof SlackRateLimited ||
  error instanceof SlackUnavailable ||
  error instanceof SalesforceOwnerUnavailable;

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
    const email = typeof activity.data.email === 'string' ? activity.data.email : '';
    const created = await repository.insertMessages(
      subscribers.flatMap((notification) => messagesOfNotification(notification, { kind, body, email })),
    );
    for (const { id } of created) await jobs.send(slackMessageJob, { messageId: id });
  }

  type MessageToPost = NonNullable<Awaited<ReturnType<SlackRepository['messageToPost']>>>;
  const exhausted = (message: Pick<SlackMessageRow, 'attempts'>) =>
    message.attempts >= deps.retryDelaysSeconds.length;

  /**
   * Where the message goes, found once and kept: the channel's message to its channel; an owner's
   * to the owner's Slack user, else to the channel with why (unless the channel has its own copy),
   * else nowhere (the failure says why). Salesforce or Slack not answering throws to be
   * retried, and once the retries are spent counts as no owner found.
   */
  async function routeOf(
    message: MessageToPost,
    token: string,
  ): Promise<{ recipient: string; note: string | null } | { failure: string }> {
    if (message.recipient) return { recipient: message.recipient, note: message.routing_note };
    const ownerType = message.salesforce_owner_type as SlackSalesforceOwnerType | null;
    if (message.registrant_email === null || ownerType === null)
      return message.channel_id
        ? { recipient: message.channel_id, note: null }
        : { failure: slackMessages.channelRequired };
    let route;
    try {
      route = await deps.ownerRoute(
        { ...message, registrant_email: message.registrant_email },
        ownerType,
        token,
      );
    } catch (error) {
      if (!isPassing(error) || !exhausted(message)) throw error;
      route = { to: 'nobody' as const, reason: error.message };
    }
    if (route.to === 'nobody' && !(message.channel_id && !message.also_to_channel))
      return { failure: slackOwnerNotReached(ownerType, route.reason) };
    const target =
      route.to === 'owner'
        ? { recipient: route.slackUserId, note: null }
        : { recipient: message.channel_id, note: slackOwnerNotReached(ownerType, route.reason) };
    await repository.routeMessage(message.id, { recipient: target.recipient, routing_note: target.note });
    return target;
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
      const target = await routeOf(message, token);
      if ('failure' in target) return failed(target.failure);
      await deps.slack.postMessage(token, target.recipient, withNote(message.body, target.note));
      await repository.recordAttempt(message, { status: 'sent', last_error: null });
    } catch (error) {
      if (error instanceof SlackRefused) return failed(error.message);
      if (!isPassing(error)) throw error;
      const wait =
        error instanceof SlackRateLimited
          ? error.retryAfterSeconds
          : deps.retryDelaysSeconds[message.attempts];
      if (exhausted(message) || wait === undefined) return failed(error.message);
      await repository.recordAttempt(message, { status: 'pending', last_error: error.message });
      await jobs.send(slackMessageJob, { messageId }, { startAfterSeconds: wait });
    }
  }

  return { record, fanOut, post };
}

export type SlackPoster = ReturnType<typeof createSlackPoster>;
