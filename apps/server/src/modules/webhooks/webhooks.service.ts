import {
  TRIGGER_WEBHOOK_MISSING,
  webhookMessages,
  type ActivityWebhook,
  type CreateActivityWebhook,
  type PatchActivityWebhook,
  type WebhookOwner,
  type WebhookDelivery as WebhookDeliveryAnswer,
} from '@studio/domain';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import { eventIntegrationRight, organizationIntegrationRight } from '../../platform/http/access-rules.ts';
import { checkedAddress, OutboundRefused, type OutboundPolicy } from '../../platform/outbound-request.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Scope, Scopes } from '../back-office/event-scope.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import { requirePlanFeature } from '../back-office/plan-gates.ts';
import { newWebhookSecret, type WebhookDelivery } from './webhook-delivery.ts';
import type {
  AttemptRow,
  DeliveryRow,
  EndpointOwner,
  WebhooksRepository,
  WebhookRow,
} from './webhooks.repository.ts';

export interface WebhooksServiceDeps {
  repository: WebhooksRepository;
  delivery: WebhookDelivery;
  secrets: SecretBox;
  policy: OutboundPolicy;
  events: Pick<EventCore, 'programmeEventOf'>;
  scopes: Pick<Scopes, 'scopeOf'>;
  /** The studio templates a scope sees (template webhooks). */
  templates: VisibleOwners;
  /** The series a scope sees (series webhooks). */
  series: VisibleOwners;
}

type VisibleOwners = {
  findVisible: (scope: Scope, id: string) => Promise<{ organization_id: string } | undefined>;
};

const answer = (row: WebhookRow): ActivityWebhook => ({
  id: row.id,
  event: row.event_id,
  series: row.series_id,
  studio_template: row.studio_template_id,
  url: row.url,
  description: row.description,
  activity_types: row.activity_types as ActivityWebhook['activity_types'],
  is_active: row.is_active,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at.toISOString(),
});

const deliveryAnswer = (row: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryAnswer => ({
  id: row.id,
  webhook: row.webhook_id,
  message_id: row.message_id,
  activity_type: row.activity_type,
  status: row.status,
  attempts: attempts.map((attempt) => ({
    attempted_at: attempt.attempted_at.toISOString(),
    status_code: attempt.status_code,
    error: attempt.error,
    response_excerpt: attempt.response_excerpt,
  })),
  next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

/**
 * Spec 001 §7 webhooks: an event's, a series' or a template's endpoints (`event:update` or
 * `integration:update`), or the organisation's for every event (`organization:update`, or an
 * Integrations Editor's `integration:update`), behind the plan's `webhooks` feature;
 * their delivery log.
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { repository } = deps;

  /**
   * The caller's organisation once it may manage the webhooks of `owner`: an event's, a series' or
   * a template's need `event:update` or `integration:update` on it (another organisation's, or
   * outside the caller's teams, is 404), the organisation-wide ones `organization:update` or an
   * Integrations Editor's `integration:update` (`organizationIntegrationRight`).
   */
  async function managing(caller: Caller, owner: EndpointOwner): Promise<string> {
    if (owner !== null && 'eventId' in owner) {
      const right = eventIntegrationRight(caller);
      const { scope, event } = await deps.events.programmeEventOf(caller, owner.eventId, right);
      requirePlanFeature(scope, 'webhooks');
      return event.organizationId;
    }
    const right = owner ? eventIntegrationRight(caller) : organizationIntegrationRight(caller);
    const scope = await deps.scopes.scopeOf(caller, right);
    requirePlanFeature(scope, 'webhooks');
    const visible =
      owner === null ||
      ('seriesId' in owner
        ? await deps.series.findVisible(scope, owner.seriesId)
        : await deps.templates.findVisible(scope, owner.templateId));
    if (!visible) throw notFound();
    return scope.organizationId;
  }

  const ownerOf = (ids: WebhookOwner): EndpointOwner =>
    ids.event !== null
      ? { eventId: ids.event }
      : ids.series !== null
        ? { seriesId: ids.series }
        : ids.studio_template !== null
          ? { templateId: ids.studio_template }
          : null;

  async function publicUrl(url: string): Promise<void> {
    try {
      await checkedAddress(new URL(url), deps.policy);
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw fieldError(
          'url',
          error.unresolved ? webhookMessages.hostNotFound : webhookMessages.urlNotAllowed,
          'WEBHOOK_URL_NOT_ALLOWED',
        );
      throw error;
    }
  }

  /** The caller's webhook; `missing` is what a gone one (or another organisation's) answers. */
  async function webhookOf(caller: OrganizationCaller, id: string, missing = notFound): Promise<WebhookRow> {
    const row = isUuid(id) ? await repository.find(caller.organizationId, id) : undefined;
    if (!row) throw missing();
    await managing(
      caller,
      ownerOf({ event: row.event_id, series: row.series_id, studio_template: row.studio_template_id }),
    );
    return row;
  }

  return {
    async list(caller: OrganizationCaller, query: Partial<WebhookOwner>, page: PageWindow) {
      const owner = ownerOf({
        event: query.event ?? null,
        series: query.series ?? null,
        studio_template: query.studio_template ?? null,
      });
      const organizationId = await managing(caller, owner);
      const { count, rows } = await repository.list(organizationId, owner, page);
      return { count, results: rows.map(answer) };
    },

    async create(caller: OrganizationCaller, request: CreateActivityWebhook) {
      const organizationId = await managing(caller, ownerOf(request));
      await publicUrl(request.url);
      const secret = newWebhookSecret();
      const row = await repository.insert({
        organization_id: organizationId,
        event_id: request.event,
        series_id: request.series,
        studio_template_id: request.studio_template,
        url: request.url,
        description: request.description,
        activity_types: [...new Set(request.activity_types)],
        sealed_secret: deps.secrets.seal(secret),
        is_active: request.is_active,
        created_by: caller.userId,
      });
      return { ...answer(row), secret };
    },

    async update(caller: OrganizationCaller, id: string, changes: PatchActivityWebhook) {
      const row = await webhookOf(caller, id);
      if (changes.url !== undefined) await publicUrl(changes.url);
      const turnedOn = changes.is_active === true ? { disabled_reason: null } : {};
      const updated = await repository.update(row.organization_id, row.id, {
        ...changes,
        ...(changes.activity_types ? { activity_types: [...new Set(changes.activity_types)] } : {}),
        ...turnedOn,
      });
      if (!updated) throw notFound();
      return answer(updated);
    },

    /** A new signing secret; the old one stops signing at once. */
    async rotateSecret(caller: OrganizationCaller, id: string) {
      const row = await webhookOf(caller, id);
      const secret = newWebhookSecret();
      const updated = await repository.update(row.organization_id, row.id, {
        sealed_secret: deps.secrets.seal(secret),
      });
      if (!updated) throw notFound();
      return { ...answer(updated), secret };
    },

    async delete(caller: OrganizationCaller, id: string): Promise<void> {
      const row = await webhookOf(caller, id);
      await repository.delete(row.organization_id, row.id);
    },

    async deliveries(caller: OrganizationCaller, id: string, page: PageWindow) {
      const row = await webhookOf(caller, id);
      const { count, rows } = await repository.deliveries(row.id, page);
      const attempts = await repository.attemptsOf(rows.map((delivery) => delivery.id));
      return {
        count,
        results: rows.map((delivery) =>
          deliveryAnswer(
            delivery,
            attempts.filter((attempt) => attempt.delivery_id === delivery.id),
          ),
        ),
      };
    },

    async ping(caller: OrganizationCaller, id: string): Promise<{ delivery: string }> {
      const row = await webhookOf(caller, id, triggerUrlMissing);
      return { delivery: await deps.delivery.ping(row) };
    },

    async redeliver(caller: OrganizationCaller, id: string, deliveryId: string): Promise<void> {
      const row = await webhookOf(caller, id);
      const delivery = isUuid(deliveryId)
        ? await repository.deliveryOf(row.organization_id, row.id, deliveryId)
        : undefined;
      if (!delivery) throw notFound();
      await deps.delivery.redeliver(delivery.id);
    },
  };
}

const triggerUrlMissing = () =>
  new HttpError(404, TRIGGER_WEBHOOK_MISSING, webhookMessages.triggerUrlMissing);

export type WebhooksService = ReturnType<typeof createWebhooksService>;
