import {
  emailConfigPageSchema,
  emailConfigQuerySchema,
  peopleJobSchema,
  PEOPLE_EMAIL_TYPES,
} from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { EventInvitationsService } from './event-invitations.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['people'];

/** 002 §3.9/§3.10 email config, and a bulk invitation's progress. */
export function registerEventInvitationsRoutes(
  app: HttpServer,
  service: EventInvitationsService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/event/email-config/',
    eventReaders,
    { query: emailConfigQuerySchema, answer: emailConfigPageSchema, pageSize: PEOPLE_EMAIL_TYPES.length },
    ({ caller, query, page }) => service.emailConfigs(caller, query.event, query.email_type, page),
  );

  route.get(
    '/api/event/people-jobs/:id/',
    eventReaders,
    { params: idParams, answer: peopleJobSchema },
    ({ caller, params }) => service.peopleJob(caller, params.id),
  );
}
