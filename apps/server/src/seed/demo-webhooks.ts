import type { CurrentUser } from '@studio/domain';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { newWebhookSecret, webhookSecrets } from '../modules/webhooks/webhook-delivery.ts';
import { createWebhooksRepository } from '../modules/webhooks/webhooks.repository.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * The demo's webhook (issue 36): registrations and check-ins of the summit to a documentation
 * address (example.com, RFC 2606), turned off so that nothing is ever sent until the organiser
 * points it at their own receiver. Written as an operator would: the API would resolve the host,
 * and a seed must not need the internet.
 */
export const DEMO_WEBHOOK = {
  url: 'https://example.com/northwind/registrations',
  description: 'Demo: registrations and check-ins to the CRM (point it at your receiver, then turn it on)',
  activity_types: ['user_profile:registered', 'user_profile:attended'],
};

export async function addDemoWebhook(
  api: StudioClient,
  options: { database: DatabaseHandle; secretKey: string },
  ids: { organizationId: string; eventId: string },
): Promise<string> {
  const me = await api.get<CurrentUser>('/api/core/user/me/');
  await createWebhooksRepository(options.database.db).insert({
    organization_id: ids.organizationId,
    event_id: ids.eventId,
    ...DEMO_WEBHOOK,
    sealed_secret: webhookSecrets(options.secretKey).seal(newWebhookSecret()),
    is_active: false,
    created_by: me.id,
  });
  return `a webhook to ${DEMO_WEBHOOK.url} (off)`;
}
