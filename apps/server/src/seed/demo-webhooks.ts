import type { CurrentUser } from '@studio/domain';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { newWebhookSecret, webhookSecrets } from '../modules/webhooks/webhook-delivery.ts';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * The demo's webhooks (issue 36), this one the summit's registrations and check-ins, to documentation
 * addresses (example.com, RFC 2606) and turned off, so that nothing is ever sent until the organiser
 * points them at their own receiver. Written as an operator would: the API would resolve the host,
 * and a seed must not need the internet.
 */
export const DEMO_WEBHOOK = {
  url: 'https://example.com/northwind/registrations',
  description: 'Demo: registrations and check-ins to the CRM (point it at your receiver, then turn it on)',
  activity_types: ['user_profile:registered', 'user_profile:attended'],
};

/** The organisation's own webhook (Integrations): every event's email bounces and complaints, off too. */
export const DEMO_ORGANIZATION_WEBHOOK = {
  url: 'https://example.com/northwind/email-health',
  description: 'Demo: every event’s bounced and complained emails to the mailing team',
  activity_types: ['email:bounced', 'email:complained'],
};

export async function addDemoWebhook(
  api: StudioClient,
  options: { database: DatabaseHandle; secretKey: string },
  ids: { organizationId: string; eventId: string },
): Promise<string> {
  const me = await api.get<CurrentUser>('/api/core/user/me/');
  const webhooks = createWebhooksRepository(options.database.db);
  const secrets = webhookSecrets(options.secretKey);
  for (const [eventId, webhook] of [
    [ids.eventId, DEMO_WEBHOOK],
    [null, DEMO_ORGANIZATION_WEBHOOK],
  ] as const)
    await webhooks.insert({
      organization_id: ids.organizationId,
      event_id: eventId,
      ...webhook,
      sealed_secret: secrets.seal(newWebhookSecret()),
      is_active: false,
      created_by: me.id,
    });
  return `a webhook to ${DEMO_WEBHOOK.url} and the organisation one to ${DEMO_ORGANIZATION_WEBHOOK.url} (both off)`;
}
