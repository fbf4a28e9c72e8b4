import { participationActivityOf, WEBHOOK_RETRY_DELAYS_SECONDS } from '@studio/domain';
import type { Activities } from '../../platform/activities.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EngagementArea } from '../engagement/engagement.area.ts';
import { createWebhookDelivery, webhookSecrets } from './webhook-delivery.ts';
import { registerWebhookJobs } from './webhooks.jobs.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { registerWebhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Webhooks (issue 36): endpoints per event or organisation, signed deliveries with retries over a
 * day and a delivery log, run by the worker role. Returns its part of the studio's `activities`.
 */
export function webhooksArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> & Pick<EngagementArea, 'engagement'> & { backOffice: BackOffice },
): { activities: Activities } {
  const { platform, config } = studio;
  const repository = createWebhooksRepository(studio.database.db);
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
  });
  registerWebhooksRoutes(studio.app, webhooks, studio.publicUrl);
  registerWebhookJobs(platform.jobs, delivery);
  // A template's webhooks travel with it to the events made from it (and to and from templates).
  ports.backOffice.templateCopies.provide({
    copy: (source, target, tx) => repository.copyEndpoints(source, target, tx),
  });
  // Attendees' messages, questions and votes, as engagement tells them once stored.
  ports.engagement.onParticipation((act) =>
    delivery.record({
      organizationId: act.organizationId,
      eventId: act.eventId,
      type: participationActivityOf[act.kind],
      data: { user_id: act.userId, session_id: act.sessionId },
    }),
  );
  return { activities: delivery };
}
