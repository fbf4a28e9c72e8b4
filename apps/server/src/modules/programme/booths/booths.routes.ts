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
import { signedIn } from '../../../platform/http/access-rules.ts';
import { guard, SIGNED_IN } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { created, idParams, noContent } from '../../../platform/http/route-support.ts';
import { registerEventPartRoutes } from '../../back-office/event-part-routes.ts';
import type { BoothsService } from './booths.service.ts';

const eventEditors = guard({ permission: 'event:update' });

const tags = ['booths'];

/** Spec 001 §7 (booths, booth resources, "POST create sponsor user") and 002 §3.11. */
export function registerBoothsRoutes(app: HttpServer, service: BoothsService, publicUrl: string): void {
  const organisers = guard({ permission: 'event:update', load: service.organiserBooth });
  // A sponsor has no organisation: signed in is enough, the load decides (404 for anyone else).
  const sponsors = guard({ permission: SIGNED_IN, load: service.sponsorBooth });
  const resourceEditors = guard({ permission: SIGNED_IN, load: service.editableResource });
  registerEventPartRoutes(app, publicUrl, {
    path: '/api/event/booths/',
    tags,
    part: boothSchema,
    list: {
      query: eventObjectsQuerySchema,
      page: boothPageSchema,
      pageSize: () => ROOMS_PAGE_SIZE,
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

  app.get(
    '/api/event/booths/:id/sponsor/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, params: idParams, response: { 200: boothSchema } },
    },
    async (request) => service.sponsorGet(signedIn.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/event/booths/:id/sponsor/',
    {
      preValidation: sponsors.preValidation,
      schema: { tags, params: idParams, body: sponsorBoothUpdateSchema, response: { 200: boothSchema } },
    },
    async (request) => service.sponsorUpdate(sponsors.of(request).object, request.body),
  );

  app.post(
    '/api/event/booth-resources/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, body: createBoothResourceSchema, response: { 201: boothResourceSchema } },
    },
    created((request) => service.createResource(signedIn.of(request).caller, request.body)),
  );

  app.patch(
    '/api/event/booth-resources/:id/',
    {
      preValidation: resourceEditors.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateBoothResourceSchema,
        response: { 200: boothResourceSchema },
      },
    },
    async (request) => service.updateResource(resourceEditors.of(request).object, request.body),
  );

  app.delete(
    '/api/event/booth-resources/:id/',
    { preValidation: signedIn.preValidation, schema: { tags, params: idParams } },
    noContent((request) => service.deleteResource(signedIn.of(request).caller, request.params.id)),
  );

  app.post(
    '/api/core/user/sponsor/',
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: createSponsorUserSchema, response: { 201: sponsorUserSchema } },
    },
    created((request) => service.createSponsor(eventEditors.of(request).caller, request.body)),
  );
}
