import {
  PAGE_MAX_BYTES,
  PAGE_OWNER_API_PREFIX,
  PAGE_OWNER_TYPES,
  pageKindQuerySchema,
  savePageRequestSchema,
  storedPageSchema,
} from '@studio/domain';
import { guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { PageOwner, PagesService } from './pages.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['pages'];

/**
 * Issue 17 §1: `GET|PUT {prefix}/{id}/page/?kind=registration|landing|on_demand` for events,
 * series, templates and hub pages. Reading needs event:read, saving event:update; another
 * organisation's owner answers 404; a body over PAGE_MAX_BYTES answers 413.
 */
export function registerPagesRoutes(app: HttpServer, service: PagesService): void {
  const route = routesOf(app, tags);
  for (const ownerType of PAGE_OWNER_TYPES) {
    const path = `${PAGE_OWNER_API_PREFIX[ownerType]}/:id/page/`;
    const editable = guard<OrganizationCaller, PageOwner>({
      permission: 'event:update',
      load: (caller, id) => service.editableOwner(caller, ownerType, id),
    });
    route.get(
      path,
      eventReaders,
      { params: idParams, query: pageKindQuerySchema, answer: storedPageSchema },
      ({ caller, params, query }) => service.get(caller, ownerType, params.id, query.kind),
    );
    app.put(
      path,
      {
        bodyLimit: PAGE_MAX_BYTES,
        preValidation: editable.preValidation,
        schema: {
          tags,
          params: idParams,
          querystring: pageKindQuerySchema,
          body: savePageRequestSchema,
          response: { 200: storedPageSchema },
        },
      },
      async (request) =>
        service.save(
          editable.of(request).caller,
          editable.of(request).object,
          ownerType,
          request.params.id,
          request.query.kind,
          request.body.builder_raw_json,
        ),
    );
  }
}
