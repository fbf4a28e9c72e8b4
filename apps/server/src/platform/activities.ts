import type { WebhookActivity } from '@studio/domain';
import type { Executor } from './db/executor.ts';

/** An activity as an area reports it: its data at hand, or read only when an endpoint wants it. */
export type ActivityReport = Omit<WebhookActivity, 'data'> & {
  data: WebhookActivity['data'] | ((tx: Executor | undefined) => Promise<WebhookActivity['data']>);
};

/**
 * How areas report what happened (registrations, check-ins …) to the organisation's webhooks and
 * Slack notifications (issue 36); studio.ts provides both as one (`studio.activities`).
 */
export interface Activities {
  /**
   * Queues `activity` for its consumers, in `tx` when given. Costs one indexed read per consumer
   * when the organisation has nothing on (then `data`, when a function, is not read at all).
   */
  record(activity: ActivityReport, tx?: Executor): Promise<void>;
}

/**
 * Several consumers of the activities as one: each records every activity, in the same `tx`; an
 * activity's `data`, when a function, is read once whoever asks first.
 */
export function allActivities(...consumers: readonly Activities[]): Activities {
  return {
    async record(activity, tx) {
      const { data } = activity;
      let read: Promise<WebhookActivity['data']> | undefined;
      const shared = typeof data === 'function' ? (at: Executor | undefined) => (read ??= data(at)) : data;
      for (const consumer of consumers) await consumer.record({ ...activity, data: shared }, tx);
    },
  };
}
