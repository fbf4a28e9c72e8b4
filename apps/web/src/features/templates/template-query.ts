import { templateSchema } from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { studioApi } from '../../api/studio-api.ts';
import { TEMPLATES_KEY } from './templates-api.ts';

/** GET /api/event/studio-templates/{id}/ */
export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: [TEMPLATES_KEY, 'one', id],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/studio-templates/${encodeURIComponent(id)}/`,
        schema: templateSchema,
      }),
    retry: false,
  });
