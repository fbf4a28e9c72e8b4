import {
  brandKitRequestSchema,
  brandKitSchema,
  eventDetailSchema,
  type StudioEventDetail,
} from '@studio/domain';
import { ownOrganization } from '../../platform/http/access-rules.ts';
import { guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { BrandingService } from './branding.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['branding'];
const BRAND_KIT_PATH = '/api/core/organization/:id/brand_kit/';

/**
 * What applying the kit needs from the events area (which keeps the events' branding): the
 * caller's scope and the event it sees, loaded once by the route's guard and handed back.
 */
export interface BrandKitEvents<S, E> {
  scopeFor(caller: OrganizationCaller): Promise<S>;
  /** The event if the scope sees it (undefined answers 404). */
  findVisible(scope: S, eventId: string): Promise<E | undefined>;
  /** The kit applied to that event; its answer. */
  applyBrandKit(guarded: { scope: S; object: E }): Promise<StudioEventDetail>;
}

/**
 * The brand kit (issue 18 §7): `GET|PUT /api/core/organization/{id}/brand_kit/` — read by whoever
 * makes events or edits branding, written with `branding:update` — and `POST
 * /api/event/{id}/apply_brand_kit/`. Another organisation's id answers 404 before the body is read.
 */
export function registerBrandingRoutes<S, E>(
  app: HttpServer,
  branding: BrandingService,
  events: BrandKitEvents<S, E>,
): void {
  const route = routesOf(app, tags);
  const readable = guard({ permission: ['branding:update', 'event:create'], load: ownOrganization });
  const editable = guard({ permission: 'branding:update', load: ownOrganization });
  const brandable = guard({
    permission: 'branding:update',
    scope: (caller) => events.scopeFor(caller),
    load: (scope, id) => events.findVisible(scope, id),
  });

  route.get(BRAND_KIT_PATH, readable, { params: idParams, answer: brandKitSchema }, ({ object }) =>
    branding.getKit(object),
  );

  route.put(
    BRAND_KIT_PATH,
    editable,
    { params: idParams, body: brandKitRequestSchema, answer: brandKitSchema },
    ({ caller, object: organizationId, body }) => branding.putKit(organizationId, caller.userId, body),
  );

  route.post(
    '/api/event/:id/apply_brand_kit/',
    brandable,
    { params: idParams, answer: eventDetailSchema },
    (input) => events.applyBrandKit(input),
  );
}
