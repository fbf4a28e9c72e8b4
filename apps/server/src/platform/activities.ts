import type { WebhookActivity } from '@studio/domain';
import type { Executor } from './db/executor.ts';

/** An activity as an area reports it: its data at hand, or read only when an endpoint wants it. */
export type ActivityReport = Omit<WebhookActivity, 'data'> & {
  data: WebhookActivity['data'] | ((tx: Executor | undefined) => Promise<WebhookActivity['data']>);
};

/**
 * How areas report what happened (registrations, check-ins …) to the organisation's webhooks
 * (issue 36); the webhooks module provides it (`studio.activities`).
 */
export interface Activities {
  /**
   * Queues `activity` for its endpoints, in `tx` when given. Costs one indexed read when the
   * organisation has no endpoint on (then `data`, when a function, is not read at all).
   */
  record(activity: ActivityReport, tx?: Executor): Promise<void>;
}
