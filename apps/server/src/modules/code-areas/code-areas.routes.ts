import {
  pageCodeAreasSchema,
  trackingSnippetAnswerSchema,
  trackingSnippetSchema,
  updatePageCodeAreasSchema,
  type PageCodeAreas,
  type Permission,
  type UpdatePageCodeAreas,
} from '@studio/domain';
import type { ZodType } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { guard, type Guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { CodeAreaOwner, CodeAreasService } from './code-areas.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

/** The event of the path as the caller may see it with that permission; undefined (404) otherwise. */
export type VisibleEvent = (
  caller: Caller,
  eventId: string,
  permission: 'event:read' | 'event:update',
) => Promise<{ id: string; organizationId: string }>;

const tags = ['code-areas'];

/** A guard (platform/http/guard.ts) that loads whose code areas the path names: an event, an organisation. */
type OwnerGuard<Owner> = Guard<OrganizationCaller, unknown, Owner>;

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
  const route = routesOf(app, tags);
  route.get(path, readable, { params, answer: pageCodeAreasSchema }, ({ object }) => get(object));
  route.patch(
    path,
    editable,
    { params, body: updatePageCodeAreasSchema, answer: pageCodeAreasSchema },
    ({ caller, object, body }) => update(object, caller.userId, body),
  );
}

/** A guard loading the owner of the path (an event, series or template) with that permission. */
type OwnerGuardOf = (
  permission: Permission | readonly Permission[],
  seen: 'event:read' | 'event:update',
) => OwnerGuard<CodeAreaOwner>;

/**
 * One owner's `GET|PATCH {base}:id/code_areas/` (event:update to change) and tracking snippet
 * `GET|POST {base}:id/tracking_snippet/` (a branding setting: event:update or branding:update).
 */
function registerOwnerCodeRoutes(
  app: HttpServer,
  service: CodeAreasService,
  base: string,
  guardOf: OwnerGuardOf,
): void {
  const readable = guardOf('event:read', 'event:read');
  const editable = guardOf('event:update', 'event:update');
  const brandable = guardOf(['event:update', 'branding:update'], 'event:read');

  registerCodeAreasRoutePair(app, {
    path: `${base}:id/code_areas/`,
    params: idParams,
    readable,
    editable,
    get: service.get,
    update: service.update,
  });

  const route = routesOf(app, tags);
  route.get(
    `${base}:id/tracking_snippet/`,
    readable,
    { params: idParams, answer: trackingSnippetAnswerSchema },
    ({ object }) => service.trackingSnippet(object),
  );

  route.post(
    `${base}:id/tracking_snippet/`,
    brandable,
    { params: idParams, body: trackingSnippetSchema, answer: trackingSnippetAnswerSchema },
    ({ caller, object, body }) => service.saveTrackingSnippet(object, caller.userId, body),
  );
}

/**
 * Issue 17 §4, §5: an event's code areas and tracking snippet under `/api/event/{id}/`. Another
 * organisation's event answers 404 before the body is looked at.
 */
export function registerCodeAreasRoutes(
  app: HttpServer,
  service: CodeAreasService,
  visibleEvent: VisibleEvent,
): void {
  registerOwnerCodeRoutes(app, service, '/api/event/', (permission, seen) =>
    guard({
      permission,
      load: async (caller: OrganizationCaller, id) => {
        const event = await visibleEvent(caller, id, seen).catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 404) return undefined;
          throw error;
        });
        return event && { kind: 'event' as const, ...event };
      },
    }),
  );
}

/** A series or template as its module's guard loads it: undefined when the caller's scope does not see it. */
export interface VisibleContext<Scope> {
  scopeFor: (member: OrganizationCaller) => Promise<Scope>;
  findVisible: (scope: Scope, id: string) => Promise<{ id: string; organization_id: string } | undefined>;
}

/**
 * Issue 37 §7: the tracking pixels of a series or repeating event (run on its registration page)
 * and of a template (copied onto the events made from it), as an event's, under
 * `/api/event/series/{id}/` and `/api/event/studio-templates/{id}/`.
 */
export function registerContextCodeAreasRoutes<SeriesScope, TemplateScope>(
  app: HttpServer,
  service: CodeAreasService,
  contexts: { series: VisibleContext<SeriesScope>; templates: VisibleContext<TemplateScope> },
): void {
  const ownerGuard =
    <Scope>(kind: 'series' | 'template', context: VisibleContext<Scope>): OwnerGuardOf =>
    (permission) =>
      guard({
        permission,
        scope: async (member) => context.scopeFor(member),
        load: async (scope, id) => {
          const found = await context.findVisible(scope, id);
          return found && { kind, id: found.id, organizationId: found.organization_id };
        },
      });
  registerOwnerCodeRoutes(app, service, '/api/event/series/', ownerGuard('series', contexts.series));
  registerOwnerCodeRoutes(
    app,
    service,
    '/api/event/studio-templates/',
    ownerGuard('template', contexts.templates),
  );
}
