import {
  pageCodeAreasSchema,
  trackingSnippetAnswerSchema,
  trackingSnippetSchema,
  updatePageCodeAreasSchema,
  type PageCodeAreas,
  type Permission,
  type UpdatePageCodeAreas,
} from '@studio/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { CodeAreaEvent, CodeAreasService } from './code-areas.service.ts';

/** The event of the path as the caller may see it with that permission; undefined (404) otherwise. */
export type VisibleEvent = (
  caller: Caller,
  eventId: string,
  permission: 'event:read' | 'event:update',
) => Promise<CodeAreaEvent>;

const tags = ['code-areas'];

/** A guard (platform/http/guard.ts) that loads whose code areas the path names: an event, an organisation. */
interface OwnerGuard<Owner> {
  preValidation: (request: FastifyRequest) => Promise<void>;
  of: (request: FastifyRequest) => { caller: OrganizationCaller; object: Owner };
}

/** One owner's `GET|PATCH …/code_areas/`: its path, params, guards and the service's calls. */
export interface CodeAreasRoutePair<Owner> {
  path: string;
  params: ZodType;
  readable: OwnerGuard<Owner>;
  editable: OwnerGuard<Owner>;
  get: (owner: Owner) => Promise<PageCodeAreas>;
  update: (owner: Owner, userId: string, changes: UpdatePageCodeAreas) => Promise<PageCodeAreas>;
}

/** The code areas' GET and PATCH, alike for an event's (its public pages) and an organisation's (its hub pages). */
export function registerCodeAreasRoutePair<Owner>(
  app: HttpServer,
  { path, params, readable, editable, get, update }: CodeAreasRoutePair<Owner>,
): void {
  app.get(
    path,
    {
      preValidation: readable.preValidation,
      schema: { tags, params, response: { 200: pageCodeAreasSchema } },
    },
    async (request) => get(readable.of(request).object),
  );
  app.patch(
    path,
    {
      preValidation: editable.preValidation,
      schema: { tags, params, body: updatePageCodeAreasSchema, response: { 200: pageCodeAreasSchema } },
    },
    async (request) => {
      const { caller, object } = editable.of(request);
      return update(object, caller.userId, request.body);
    },
  );
}

/**
 * Issue 17 §4, §5: `GET|PATCH /api/event/{id}/code_areas/` (event:update to change), and the
 * tracking snippet `GET|POST /api/event/{id}/tracking_snippet/` (a branding setting: event:update
 * or branding:update). Another organisation's event answers 404 before the body is looked at.
 */
export function registerCodeAreasRoutes(
  app: HttpServer,
  service: CodeAreasService,
  visibleEvent: VisibleEvent,
): void {
  const eventGuard = (permission: Permission | readonly Permission[], seen: 'event:read' | 'event:update') =>
    guard({
      permission,
      load: (caller, id) =>
        visibleEvent(caller, id, seen).catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 404) return undefined;
          throw error;
        }),
    });
  const readable = eventGuard('event:read', 'event:read');
  const editable = eventGuard('event:update', 'event:update');
  const brandable = eventGuard(['event:update', 'branding:update'], 'event:read');

  registerCodeAreasRoutePair(app, {
    path: '/api/event/:id/code_areas/',
    params: idParams,
    readable,
    editable,
    get: service.get,
    update: service.update,
  });

  app.get(
    '/api/event/:id/tracking_snippet/',
    {
      preValidation: readable.preValidation,
      schema: { tags, params: idParams, response: { 200: trackingSnippetAnswerSchema } },
    },
    async (request) => service.trackingSnippet(readable.of(request).object),
  );

  app.post(
    '/api/event/:id/tracking_snippet/',
    {
      preValidation: brandable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: trackingSnippetSchema,
        response: { 200: trackingSnippetAnswerSchema },
      },
    },
    async (request) => {
      const { caller, object } = brandable.of(request);
      return service.saveTrackingSnippet(object, caller.userId, request.body);
    },
  );
}
