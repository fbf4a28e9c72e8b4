import { z } from 'zod';
import {
  emailDeliveryListQuerySchema,
  emailDeliveryPageSchema,
  emailScheduleBulkRequestSchema,
  emailScheduleListSchema,
  emailScheduleOwnerQuerySchema,
  emailSchedulePaths,
  emailScheduleSchema,
  emailScheduleTypeUpdateSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { EmailSchedulesService } from './email-schedules.service.ts';

const tags = ['email schedules'];
const idParams = z.object({ id: z.uuid() });
const DELIVERY_PAGE_SIZE = 25;

const reads = guard({ permission: 'event:read' });
const writes = guard({ permission: 'event:update' });

/** 001 §7 "Scheduled emails" (list, bulk schedule update, update type) and the delivery log. */
export function registerEmailSchedulesRoutes(
  app: HttpServer,
  service: EmailSchedulesService,
  publicUrl: string,
) {
  app.get(
    emailSchedulePaths.schedules,
    {
      preValidation: reads.preValidation,
      schema: {
        tags,
        querystring: emailScheduleOwnerQuerySchema,
        response: { 200: emailScheduleListSchema },
      },
    },
    async (request) => service.list(reads.of(request).caller, request.query),
  );

  app.put(
    emailSchedulePaths.bulk,
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        querystring: emailScheduleOwnerQuerySchema,
        body: emailScheduleBulkRequestSchema,
        response: { 200: emailScheduleListSchema },
      },
    },
    async (request) => service.bulkUpdate(writes.of(request).caller, request.query, request.body),
  );

  const schedule = guard({ permission: 'event:update', load: service.scheduleOf });
  app.patch(
    `${emailSchedulePaths.schedules}:id/`,
    {
      preValidation: schedule.preValidation,
      schema: {
        tags,
        params: idParams,
        body: emailScheduleTypeUpdateSchema,
        response: { 200: emailScheduleSchema },
      },
    },
    async (request) => {
      const { caller, object } = schedule.of(request);
      return service.updateType(caller, object, request.body.active);
    },
  );

  app.get(
    emailSchedulePaths.deliveries,
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: emailDeliveryListQuerySchema, response: { 200: emailDeliveryPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, DELIVERY_PAGE_SIZE);
      const { count, results, counts, engagement } = await service.deliveries(
        reads.of(request).caller,
        request.query,
        page,
      );
      return { ...toPage(request.url, publicUrl, page, count, results), counts, engagement };
    },
  );
}
