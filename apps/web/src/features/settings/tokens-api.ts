import { apiTokenSchema, createdApiTokenSchema, pageSchema } from '@studio/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';

/** The server's page size of the API tokens list. */
export const TOKENS_PAGE_SIZE = 25;

const tokenPageSchema = pageSchema(apiTokenSchema);

export const apiTokensQuery = (organizationId: string, page: number) =>
  queryOptions({
    queryKey: ['api-tokens', organizationId, { page }],
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
