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
  const response = { 200: emailSendAnswerSchema };

  for (const [path, owner] of [
    ['/api/event/:id/send_test_email/', event],
    ['/api/event/series/:id/send_test_email/', series],
  ] as const)
    app.post(
      path,
      {
        preValidation: owner.preValidation,
        schema: { tags, params: idParams, body: sendTestEmailSchema, response },
      },
      async (request) => {
        const { caller, object } = owner.of(request);
        return sends.sendTest(caller, object, request.body);
      },
    );

  app.post(
    '/api/event/:id/send_custom_email/',
    {
      preValidation: event.preValidation,
      schema: { tags, params: idParams, body: sendCustomEmailSchema, response },
    },
    async (request) => sends.sendCustom(event.of(request).object, request.body),
  );

  for (const [path, owner] of [
    ['/api/event/:id/send_bulk_email/', event],
    ['/api/event/series/:id/send_bulk_email/', series],
  ] as const)
    app.post(
      path,
      {
        preValidation: owner.preValidation,
        schema: { tags, params: idParams, body: sendBulkEmailSchema, response },
      },
      async (request) => {
        const { caller, object } = owner.of(request);
        return sends.sendBulk(caller, object, request.body);
      },
    );
}
