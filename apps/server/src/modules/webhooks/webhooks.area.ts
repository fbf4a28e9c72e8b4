import { participationActivityOf, WEBHOOK_RETRY_DELAYS_SECONDS } from '@studio/domain';
import type { Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { keptUntilChanged } from '../../platform/kept-until-changed.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { TemplateCopyLink } from '../back-office/event-copy.ts';
import type { EngagementArea } from '../engagement/engagement.area.ts';
import { createWebhookDelivery, webhookSecrets } from './webhook-delivery.ts';
import { registerWebhookJobs } from './webhooks.jobs.ts';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.ts';
import { registerWebhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Webhooks (issue 36): endpoints per event, series, template or organisation, signed deliveries with retries over a
 * day and a delivery log, run by the worker role. Returns its part of the studio's `activities`.
 */
export function webhooksArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> & Pick<EngagementArea, 'engagement'> & { backOffice: BackOffice },
): { activities: Activities; templateWebhooks: TemplateCopyLink } {
  const { platform, config } = studio;
  const repository = keepingActive(createWebhooksRepository(studio.database.db), platform.pubsub);
  const secrets = webhookSecrets(studio.secretKey);
  const policy = { allowedHosts: config.outboundAllowedHosts ?? [] };
  const delivery = createWebhookDelivery({
    repository,
    jobs: platform.jobs,
    secrets,
    policy,
    clock: studio.clock,
    retryDelaysSeconds: config.webhookRetryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS,
    mail: studio.mail,
    emailOf: async (userId) => (await ports.users.findById(userId))?.email,
  });
  const webhooks = createWebhooksService({
    repository,
    delivery,
    secrets,
    policy,
    events: ports.backOffice.eventCore,
    scopes: ports.backOffice.scopes,
    templates: ports.backOffice.templates,
    series: ports.backOffice.series,
  });
  registerWebhooksRoutes(studio.app, webhooks, studio.publicUrl);
  registerWebhookJobs(platform.jobs, delivery);
  // A template's webhooks travel with it to the events made from it (and to and from templates),
  // and onto an existing event with its integration template (the integrations area).
  const templateWebhooks: TemplateCopyLink = {
    copy: (source, target, tx) => repository.copyEndpoints(source, target, tx),
  };
  ports.backOffice.templateCopies.provide(templateWebhooks);
  // Attendees' messages, questions and votes, as engagement tells them once stored.
  ports.engagement.onParticipation((act) =>
    delivery.record({
      organizationId: act.organizationId,
      eventId: act.eventId,
      type: participationActivityOf[act.kind],
      data: { user_id: act.userId, session_id: act.sessionId },
    }),
  );
  return { activities: delivery, templateWebhooks };
}

/** The pub/sub channel on which a node says an organisation's endpoints changed (its id only). */
const ENDPOINTS_CHANNEL = 'webhook_endpoints';
/** Longest a node trusts its answer without hearing of a change (a lost NOTIFY). */
const ACTIVE_KEPT_MS = 10_000;

/**
 * The repository with `anyActive` kept per node until an endpoint of the organisation is written
 * on any node: every activity asks it (each chat post, issue 34), endpoints change rarely.
 */
function keepingActive(repository: WebhooksRepository, pubsub: PubSub): WebhooksRepository {
  const active = keptUntilChanged(
    pubsub,
    ENDPOINTS_CHANNEL,
    (organizationId: string, tx?: Executor) => repository.anyActive(organizationId, tx),
    (organizationId) => organizationId,
    { maxAgeMs: ACTIVE_KEPT_MS },
  );
  const telling = async <R>(organizationId: string | undefined, written: R): Promise<R> => {
    if (organizationId !== undefined) await active.changed(organizationId);
    return written;
  };
  return {
    ...repository,
    anyActive: active.read,
    insert: async (webhook) => telling(webhook.organization_id, await repository.insert(webhook)),
    update: async (organizationId, id, changes) =>
      telling(organizationId, await repository.update(organizationId, id, changes)),
    delete: async (organizationId, id) =>
      telling(organizationId, await repository.delete(organizationId, id)),
    disable: async (webhookId, reason) => {
      const organizationId = await repository.disable(webhookId, reason);
      return telling(organizationId, organizationId);
    },
  };
}
