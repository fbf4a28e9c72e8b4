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
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventEditors, eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['email schedules'];
const idParams = z.object({ id: z.uuid() });
const DELIVERY_PAGE_SIZE = 25;

/** 001 §7 "Scheduled emails" (list, bulk schedule update, update type) and the delivery log. */
export function registerEmailSchedulesRoutes(
  app: HttpServer,
  service: EmailSchedulesService,
  publicUrl: string,
) {
  const route = routesOf(app, tags);
  route.get(
    emailSchedulePaths.schedules,
    eventReaders,
    { query: emailScheduleOwnerQuerySchema, answer: emailScheduleListSchema },
    ({ caller, query }) => service.list(caller, query),
  );

  route.put(
    emailSchedulePaths.bulk,
    eventEditors,
    {
      query: emailScheduleOwnerQuerySchema,
      body: emailScheduleBulkRequestSchema,
      answer: emailScheduleListSchema,
    },
    ({ caller, query, body }) => service.bulkUpdate(caller, query, body),
  );

  const schedule = guard({ permission: 'event:update', load: service.scheduleOf });
  route.patch(
    `${emailSchedulePaths.schedules}:id/`,
    schedule,
    { params: idParams, body: emailScheduleTypeUpdateSchema, answer: emailScheduleSchema },
    ({ caller, object, body }) => service.updateType(caller, object, body.active),
  );

  route.get(
    emailSchedulePaths.deliveries,
    eventReaders,
    { query: emailDeliveryListQuerySchema, answer: emailDeliveryPageSchema },
    async ({ caller, query }, request) => {
      const page = pageRequest(query, DELIVERY_PAGE_SIZE);
      const { count, results, counts, engagement } = await service.deliveries(caller, query, page);
      return { ...toPage(request.url, publicUrl, page, count, results), counts, engagement };
    },
  );
}
