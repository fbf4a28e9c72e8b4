import {
  emailConfigPageSchema,
  emailConfigQuerySchema,
  peopleJobSchema,
  PEOPLE_EMAIL_TYPES,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { EventInvitationsService } from './event-invitations.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const eventReaders = guard({ permission: 'event:read' });

const tags = ['people'];

/** 002 §3.9/§3.10 email config, and a bulk invitation's progress. */
export function registerEventInvitationsRoutes(
  app: HttpServer,
  service: EventInvitationsService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags);
  app.get(
    '/api/event/email-config/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: emailConfigQuerySchema, response: { 200: emailConfigPageSchema } },
    },
    pagedAnswer(publicUrl, PEOPLE_EMAIL_TYPES.length, (request, page) =>
      service.emailConfigs(
        eventReaders.of(request).caller,
        request.query.event,
        request.query.email_type,
        page,
      ),
    ),
  );

  route.get(
    '/api/event/people-jobs/:id/',
    eventReaders,
    { params: idParams, answer: peopleJobSchema },
    ({ caller, params }) => service.peopleJob(caller, params.id),
  );
}
