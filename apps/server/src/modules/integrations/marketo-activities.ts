import {
  marketoActivityTypeKeyOf,
  WEBHOOK_ACTIVITY_TYPES,
  type MarketoActivityTypeKey,
  type WebhookActivityType,
} from '@studio/domain';
import { z } from 'zod';
import type { Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { CrmConnectors } from './crm-connectors.ts';
import type { IntegrationsRepository } from './integrations.repository.ts';
import type { IntegrationsService } from './integrations.service.ts';
import { STUDIO_ACTIVITY_ATTRIBUTES, type MarketoClient } from './vendors/marketo.ts';

/** One engagement activity of a person of an event, sent to Marketo once the person is a lead. */
export const marketoEngagementJob = defineJob({
  name: 'integrations.marketo-engagement',
  payload: z.object({
    organizationId: z.uuid(),
    eventId: z.uuid(),
    userId: z.uuid(),
    activityType: z.enum(WEBHOOK_ACTIVITY_TYPES),
    occurredAt: z.iso.datetime(),
  }),
  retryLimit: 5,
});
type MarketoEngagement = z.infer<typeof marketoEngagementJob.payload>;

/**
 * Studio activities as Marketo custom activities (Add Custom Activities) of the studio's types,
 * whose ids the connection keeps (create_marketo_custom_activity_types): the lead, the event's
 * name as primary attribute, the studio's activity id (spec 002 §3.17) as an attribute. Each
 * registration status goes with the registrant's push (its lead at hand); each engagement
 * activity is a job that finds the person's lead in crm_syncs. Nothing is sent for an event
 * without a Marketo program, or while the activity type's id is not kept.
 */
export function createMarketoActivities(deps: {
  repository: Pick<IntegrationsRepository, 'marketoLeadOf' | 'anyMarketo' | 'profileActivitySent'>;
  jobs: JobQueue;
  connectors: CrmConnectors;
  integrations: Pick<IntegrationsService, 'connectedCredentials' | 'marketingIdsOf' | 'pushedTypes'>;
  events: Pick<EventCore, 'marketingIdsOf' | 'programmeEventById'>;
  clock: () => Date;
}) {
  const { integrations } = deps;

  /** The kept id of the studio's activity type `key` for the event's Marketo connection, or null. */
  async function keptTypeId(
    organizationId: string,
    eventId: string,
    key: MarketoActivityTypeKey,
    tx?: Executor,
  ): Promise<string | null> {
    const ids = await integrations.marketingIdsOf(organizationId, 'marketo', { eventId }, tx);
    return ids.marketoActivityTypeIds[key];
  }

  /** Whether the event's people go to Marketo: connected, with a program on the event. */
  async function goesToMarketo(organizationId: string, eventId: string, tx?: Executor) {
    if (!(await integrations.pushedTypes(organizationId, eventId, tx)).includes('marketo')) return false;
    return Boolean((await deps.events.marketingIdsOf(eventId, tx)).marketoProgramId);
  }

  /** Adds one activity per lead; an activity Marketo skips fails the send with its reason. */
  async function add(
    marketo: MarketoClient,
    typeId: string,
    eventId: string,
    activities: readonly { leadId: number; activityType: WebhookActivityType; at: Date }[],
  ): Promise<void> {
    const event = await deps.events.programmeEventById(eventId);
    if (!event) return;
    const statuses = await marketo.pushActivities(
      activities.map((activity) => ({
        leadId: activity.leadId,
        activityTypeId: Number(typeId),
        activityDate: activity.at.toISOString(),
        primaryAttributeValue: event.title,
        attributes: [
          { apiName: STUDIO_ACTIVITY_ATTRIBUTES.activityId.apiName, value: activity.activityType },
        ],
      })),
    );
    const skipped = statuses.find((status) => status.status === 'skipped');
    if (skipped) throw new Error(skipped.reasons?.[0]?.message ?? 'Marketo skipped the activity.');
  }

  /** Queues each engagement activity of the event's people that reaches Marketo (an activities consumer). */
  const activities: Activities = {
    async record(activity, tx) {
      const { organizationId, eventId } = activity;
      if (!eventId || marketoActivityTypeKeyOf(activity.type) !== 'user_engagement') return;
      // Kept per node: an organisation without Marketo pays nothing per chat post, question or vote.
      if (!(await deps.repository.anyMarketo(organizationId, tx))) return;
      if (!(await goesToMarketo(organizationId, eventId, tx))) return;
      if (!(await keptTypeId(organizationId, eventId, 'user_engagement', tx))) return;
      const data = typeof activity.data === 'function' ? await activity.data(tx) : activity.data;
      const userId = data.user_id;
      if (typeof userId !== 'string') return;
      // Outside a transaction the queue may open now (inside, its caller opened it first).
      if (!tx) await deps.jobs.ready();
      const occurredAt = deps.clock().toISOString();
      const payload = { organizationId, eventId, userId, activityType: activity.type, occurredAt };
      await deps.jobs.send(marketoEngagementJob, payload, { tx });
      if (!tx) deps.jobs.nudge(marketoEngagementJob);
    },
  };

  return {
    activities,

    /**
     * The registrant's status as a User Profile activity of the lead just pushed (none without its
     * kept id), unless it is the one last sent to them: a push again at the same status (a retry,
     * a back-fill) sends it once.
     */
    async sendProfile(
      marketo: MarketoClient,
      organizationId: string,
      eventId: string,
      lead: { id: number; email: string },
      activityType: WebhookActivityType,
      lastSent: string | null,
    ): Promise<void> {
      if (lastSent === activityType) return;
      const typeId = await keptTypeId(organizationId, eventId, 'user_profile');
      if (!typeId) return;
      await add(marketo, typeId, eventId, [{ leadId: lead.id, activityType, at: deps.clock() }]);
      await deps.repository.profileActivitySent(eventId, lead.email, activityType);
    },

    /** An engagement job: sent once the person is a lead; tried again while their push is on its way. */
    async sendEngagement(payload: MarketoEngagement): Promise<void> {
      const { organizationId, eventId } = payload;
      const typeId = await keptTypeId(organizationId, eventId, 'user_engagement');
      if (!typeId || !(await goesToMarketo(organizationId, eventId))) return;
      const lead = await deps.repository.marketoLeadOf(eventId, payload.userId);
      // Someone never pushed (a speaker, an organiser) has no lead: nothing to send.
      if (!lead) return;
      if (lead.leadId === null) throw new Error('The person is not a Marketo lead yet.');
      const marketo = deps.connectors.marketo(
        await integrations.connectedCredentials(organizationId, 'marketo', { eventId }),
      );
      const at = new Date(payload.occurredAt);
      await add(marketo, typeId, eventId, [{ leadId: lead.leadId, activityType: payload.activityType, at }]);
    },
  };
}

export type MarketoActivities = ReturnType<typeof createMarketoActivities>;
