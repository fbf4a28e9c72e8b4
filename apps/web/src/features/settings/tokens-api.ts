import {
  accessMessages,
  apiTokenSchema,
  createdApiTokenSchema,
  pageSchema,
  type CreatedApiToken,
} from '@studio/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The server's page size of the API tokens list. */
export const TOKENS_PAGE_SIZE = 25;

const tokenPageSchema = pageSchema(apiTokenSchema);

export const apiTokensQuery = (organizationId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.apiTokens.all, organizationId, { page }],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/core/api_tokens/?limit=${TOKENS_PAGE_SIZE}&offset=${(page - 1) * TOKENS_PAGE_SIZE}`,
        schema: tokenPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** The answer carries the secret: the only time it is ever shown. */
export const createApiToken = (name: string) =>
  studioApi.request({
    method: 'POST',
    path: '/core/api_tokens/',
    body: { name },
    schema: createdApiTokenSchema,
  });

export const deleteApiToken = (id: string) =>
  studioApi.request({ method: 'DELETE', path: `/core/api_tokens/${id}/` });

// Mutation hooks, with the spec's toasts (001 §8).

export const useCreateApiToken = (onCreated: (token: CreatedApiToken) => unknown) =>
  useStudioMutation({
    mutationFn: createApiToken,
    successToast: accessMessages.tokenCreated,
    failureToast: accessMessages.tokenCreateFailed,
    invalidates: [queryKeys.apiTokens.all],
    onSuccess: onCreated,
  });

export const useDeleteApiToken = (id: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: () => deleteApiToken(id),
    successToast: accessMessages.tokenDeleted,
    failureToast: accessMessages.tokenDeleteFailed,
    invalidates: [queryKeys.apiTokens.all],
    onSuccess: onDeleted,
  });
