import {
  activityWebhookPageSchema,
  activityWebhookSchema,
  createdActivityWebhookSchema,
  webhookDeliveryPageSchema,
  TRIGGER_WEBHOOK_MISSING,
  webhookMessages,
  WEBHOOK_OWNER_KINDS,
  type ActivityWebhook,
  type CreateActivityWebhook,
  type PatchActivityWebhook,
  type WebhookDelivery,
  type WebhookOwner,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The server's page size of the webhooks list and of a delivery log. */
export const WEBHOOKS_PAGE_SIZE = 25;

const base = '/event/activity-webhooks/';
const one = (id: string) => `${base}${encodeURIComponent(id)}/`;
const pageQuery = (page: number) => `limit=${WEBHOOKS_PAGE_SIZE}&offset=${(page - 1) * WEBHOOKS_PAGE_SIZE}`;
/** Whose webhooks: an event's, a series', a template's, or (none) the organisation-wide ones. */
const ownerKind = (owner: WebhookOwner) => WEBHOOK_OWNER_KINDS.find((kind) => owner[kind] !== null);
const ownerKey = (owner: WebhookOwner) => {
  const kind = ownerKind(owner);
  return queryKeys.webhooks.of(kind ? owner[kind]! : 'organization');
};
const ownerQuery = (owner: WebhookOwner) => {
  const kind = ownerKind(owner);
  return kind ? `${kind}=${encodeURIComponent(owner[kind]!)}&` : '';
};

export const fetchWebhooks = (owner: WebhookOwner, page: number) =>
  studioApi.request({
    method: 'GET',
    path: `${base}?${ownerQuery(owner)}${pageQuery(page)}`,
    schema: activityWebhookPageSchema,
  });

export const webhooksQuery = (owner: WebhookOwner, page: number) =>
  queryOptions({
    queryKey: [...ownerKey(owner), { page }],
    queryFn: () => fetchWebhooks(owner, page),
    placeholderData: keepPreviousData,
  });

export const useWebhooks = (owner: WebhookOwner, page: number) => useQuery(webhooksQuery(owner, page));

export const fetchDeliveries = (webhookId: string, page: number) =>
  studioApi.request({
    method: 'GET',
    path: `${one(webhookId)}deliveries/?${pageQuery(page)}`,
    schema: webhookDeliveryPageSchema,
  });

export const deliveriesQuery = (webhookId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.webhooks.deliveries(webhookId), { page }],
    queryFn: () => fetchDeliveries(webhookId, page),
    placeholderData: keepPreviousData,
  });

export const useDeliveries = (webhookId: string, page: number) => useQuery(deliveriesQuery(webhookId, page));

// Mutation hooks: the domain's toasts; a create or rotation hands the secret (shown once) to the screen.

export const useCreateWebhook = (options: {
  onCreated: (webhook: z.infer<typeof createdActivityWebhookSchema>) => unknown;
  onFailure: (error: unknown) => void;
}) =>
  useStudioMutation({
    mutationFn: (body: CreateActivityWebhook) =>
      studioApi.request({ method: 'POST', path: base, body, schema: createdActivityWebhookSchema }),
    successToast: webhookMessages.created,
    invalidates: [queryKeys.webhooks.all],
    onSuccess: options.onCreated,
    onFailure: options.onFailure,
  });

export const useUpdateWebhook = (
  id: string,
  options: { onSaved?: () => unknown; onFailure?: (error: unknown) => void } = {},
) =>
  useStudioMutation({
    mutationFn: (body: PatchActivityWebhook) =>
      studioApi.request({ method: 'PATCH', path: one(id), body, schema: activityWebhookSchema }),
    successToast: webhookMessages.updated,
    invalidates: [queryKeys.webhooks.all],
    ...(options.onSaved && { onSuccess: options.onSaved }),
    ...(options.onFailure && { onFailure: options.onFailure }),
  });

export const useDeleteWebhook = (id: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: () => studioApi.request({ method: 'DELETE', path: one(id) }),
    successToast: webhookMessages.deleted,
    removes: () => [queryKeys.webhooks.deliveries(id)],
    invalidates: [queryKeys.webhooks.all],
    onSuccess: onDeleted,
  });

export const useRotateSecret = (
  id: string,
  onRotated: (webhook: z.infer<typeof createdActivityWebhookSchema>) => unknown,
) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `${one(id)}rotate_secret/`,
        schema: createdActivityWebhookSchema,
      }),
    invalidates: [queryKeys.webhooks.all],
    onSuccess: onRotated,
  });

export const usePingWebhook = (id: string) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `${one(id)}ping/`,
        schema: z.object({ delivery: z.string() }),
      }),
    successToast: webhookMessages.pinged,
    // A webhook gone meanwhile (another tab deleted it): the spec's words, not the server's.
    failureToast: (error) =>
      error instanceof ApiRequestError && error.code === TRIGGER_WEBHOOK_MISSING
        ? webhookMessages.triggerFailed
        : failureMessage(error),
    invalidates: [queryKeys.webhooks.deliveries(id)],
  });

export const useRedeliver = (webhookId: string) =>
  useStudioMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      studioApi.request({
        method: 'POST',
        path: `${one(webhookId)}deliveries/${encodeURIComponent(delivery.id)}/redeliver/`,
      }),
    successToast: webhookMessages.redelivered,
    invalidates: [queryKeys.webhooks.deliveries(webhookId)],
  });

export type { ActivityWebhook, WebhookDelivery };
