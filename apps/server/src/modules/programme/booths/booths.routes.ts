import {
  boothPageSchema,
  boothResourceSchema,
  boothSchema,
  createBoothResourceSchema,
  createBoothSchema,
  createSponsorUserSchema,
  eventObjectsQuerySchema,
  reorderSchema,
  ROOMS_PAGE_SIZE,
  sponsorBoothUpdateSchema,
  sponsorUserSchema,
  updateBoothResourceSchema,
  updateBoothSchema,
} from '@studio/domain';
import { eventEditors, signedIn } from '../../../platform/http/access-rules.ts';
import { guard, SIGNED_IN } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { BoothsService } from './booths.service.ts';

const tags = ['booths'];

/** Spec 001 §7 (booths, booth resources, "POST create sponsor user") and 002 §3.11. */
export function registerBoothsRoutes(app: HttpServer, service: BoothsService, publicUrl: string): void {
  const organisers = guard({ permission: 'event:update', load: service.organiserBooth });
  // A sponsor has no organisation: signed in is enough, the load decides (404 for anyone else).
  const sponsors = guard({ permission: SIGNED_IN, load: service.sponsorBooth });
  const resourceEditors = guard({ permission: SIGNED_IN, load: service.editableResource });
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/booths/',
    tags,
    part: boothSchema,
    list: {
      query: eventObjectsQuerySchema,
      page: boothPageSchema,
      pageSize: ROOMS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query.event, page),
    },
    create: { body: createBoothSchema, answer: (caller, body) => service.create(caller, body) },
    reorder: { body: reorderSchema, answer: (caller, body) => service.reorder(caller, body) },
    update: {
      body: updateBoothSchema,
      guard: organisers,
      answer: (loaded, body) => service.update(loaded, body),
    },
    delete: (caller, id) => service.delete(caller, id),
  });

  const route = routesOf(app, tags);
  route.get('/api/event/booths/:id/sponsor/', signedIn, { params: idParams, answer: boothSchema }, (input) =>
    service.sponsorGet(input.caller, input.params.id),
  );
  route.patch(
    '/api/event/booths/:id/sponsor/',
    sponsors,
    { params: idParams, body: sponsorBoothUpdateSchema, answer: boothSchema },
    ({ object, body }) => service.sponsorUpdate(object, body),
  );
  // A booth's resources are the sponsor's too: signed in is enough, the service decides.
  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/booth-resources/',
    tags,
    guard: signedIn,
    part: boothResourceSchema,
    create: {
      body: createBoothResourceSchema,
      answer: (caller, body) => service.createResource(caller, body),
    },
    update: {
      body: updateBoothResourceSchema,
      guard: resourceEditors,
      answer: (loaded, body) => service.updateResource(loaded, body),
    },
    delete: (caller, id) => service.deleteResource(caller, id),
  });
  route.post(
    '/api/core/user/sponsor/',
    eventEditors,
    { body: createSponsorUserSchema, answer: sponsorUserSchema, status: 201 },
    ({ caller, body }) => service.createSponsor(caller, body),
  );
}
