import type { EmailTemplateContext } from '@studio/domain';
import {
  emailSendAnswerSchema,
  sendBulkEmailSchema,
  sendCustomEmailSchema,
  sendTestEmailSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import type { EmailSendsService } from './email-sends.service.ts';
import type { VisibleContext } from './email-templates.service.ts';

const tags = ['email sends'];

/**
 * 002 §7.13a (paths not given, so in the API's style): `POST /api/event/{id}/send_test_email/`,
 * `…/send_custom_email/`, `…/send_bulk_email/` for an event, and
 * `POST /api/event/series/{id}/send_test_email/` and `…/send_bulk_email/` for a series (its events'
 * registrants, each address once). event:update; another
 * organisation's event or series answers 404 before the body is looked at.
 */
export function registerEmailSendsRoutes(
  app: HttpServer,
  sends: EmailSendsService,
  visibleContext: VisibleContext,
): void {
  const contextGuard = (context: EmailTemplateContext) =>
    guard({
      permission: 'event:update',
      load: (caller, id) => visibleContext(caller, context, id, 'update'),
    });
  const event = contextGuard('event');
  const series = contextGuard('series');
  const route = routesOf(app, tags);

  for (const [path, owner] of [
    ['/api/event/:id/send_test_email/', event],
    ['/api/event/series/:id/send_test_email/', series],
  ] as const)
    route.post(
      path,
      owner,
      { params: idParams, body: sendTestEmailSchema, answer: emailSendAnswerSchema },
      ({ caller, object, body }) => sends.sendTest(caller, object, body),
    );

  route.post(
    '/api/event/:id/send_custom_email/',
    event,
    { params: idParams, body: sendCustomEmailSchema, answer: emailSendAnswerSchema },
    ({ object, body }) => sends.sendCustom(object, body),
  );

  for (const [path, owner] of [
    ['/api/event/:id/send_bulk_email/', event],
    ['/api/event/series/:id/send_bulk_email/', series],
  ] as const)
    route.post(
      path,
      owner,
      { params: idParams, body: sendBulkEmailSchema, answer: emailSendAnswerSchema },
      ({ caller, object, body }) => sends.sendBulk(caller, object, body),
    );
}
