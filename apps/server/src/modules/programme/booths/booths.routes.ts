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
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCaller, type Caller } from '../../../platform/http/caller.ts';
import { notAuthenticated, notFound } from '../../../platform/http/errors.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams, permitted } from '../../../platform/http/route-support.ts';
import type { BoothsService } from './booths.service.ts';

const tags = ['booths'];

/** Routes a sponsor (no organisation) also calls: signed in is enough, the service decides. */
const signedIn = (request: FastifyRequest): Promise<void> =>
  request.caller ? Promise.resolve() : Promise.reject(notAuthenticated());

/** As `signedIn`, and the path's booth or resource must be one the caller may edit (404 first). */
const editable =
  (check: (caller: Caller, id: string) => Promise<boolean>) => async (request: FastifyRequest) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id !== 'string' || !(await check(requireCaller(request), id))) throw notFound();
  };

/** Spec 001 §7 (booths, booth resources, "POST create sponsor user") and 002 §3.11. */
export function registerBoothsRoutes(app: HttpServer, service: BoothsService, publicUrl: string): void {
  app.get(
    '/api/event/booths/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: eventObjectsQuerySchema, response: { 200: boothPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, ROOMS_PAGE_SIZE);
      const { count, results } = await service.list(requireCaller(request), request.query.event, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/booths/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: createBoothSchema, response: { 201: boothSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.post(
    '/api/event/booths/reorder/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: reorderSchema, response: { 200: z.array(boothSchema) } },
    },
    async (request) => service.reorder(requireCaller(request), request.body),
  );

  app.patch(
    '/api/event/booths/:id/',
    {
      preValidation: permitted('event:update', (caller, id) => service.isVisible(caller, id)),
      schema: { tags, params: idParams, body: updateBoothSchema, response: { 200: boothSchema } },
    },
    async (request) => service.update(requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/event/booths/:id/',
    { preValidation: permitted('event:update'), schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/booths/:id/sponsor/',
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: boothSchema } } },
    async (request) => service.sponsorGet(requireCaller(request), request.params.id),
  );

  app.patch(
    '/api/event/booths/:id/sponsor/',
    {
      preValidation: editable((caller, id) => service.isSponsorOf(caller, id)),
      schema: { tags, params: idParams, body: sponsorBoothUpdateSchema, response: { 200: boothSchema } },
    },
    async (request) => service.sponsorUpdate(requireCaller(request), request.params.id, request.body),
  );

  app.post(
    '/api/event/booth-resources/',
    {
      preValidation: signedIn,
      schema: { tags, body: createBoothResourceSchema, response: { 201: boothResourceSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createResource(requireCaller(request), request.body)),
  );

  app.patch(
    '/api/event/booth-resources/:id/',
    {
      preValidation: editable((caller, id) => service.mayEditResource(caller, id)),
      schema: {
        tags,
        params: idParams,
        body: updateBoothResourceSchema,
        response: { 200: boothResourceSchema },
      },
    },
    async (request) => service.updateResource(requireCaller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/event/booth-resources/:id/',
    { preValidation: signedIn, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.deleteResource(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/core/user/sponsor/',
    {
      preValidation: permitted('event:update'),
      schema: { tags, body: createSponsorUserSchema, response: { 201: sponsorUserSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSponsor(requireCaller(request), request.body)),
  );
}
