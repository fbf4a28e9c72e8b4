import { Readable } from 'node:stream';
import {
  BULK_MODERATION_ACTIONS,
  bulkModerationAnswerSchema,
  bulkModerationSchema,
  EVENT_MEMBERS_PAGE_SIZE,
  eventMemberListQuerySchema,
  eventMemberPageSchema,
  FLAT_FILE_MAX_BYTES,
  flatFileSubmitAnswerSchema,
  flatFileSubmitSchema,
  flatFileValidationSchema,
  registrantListMessages,
  totalRegistrantsQuerySchema,
  totalRegistrantsSchema,
} from '@studio/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import { attachment, CSV_TYPE, sendDownload } from '../../../platform/http/download.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { FlatFileService } from './flat-file.service.ts';
import { isMissingEventId, type MembersService } from './members.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventReaders } from '../../../platform/http/access-rules.ts';

const tags = ['registrants'];
/** Room for the multipart envelope around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const csvFiles = new WeakMap<object, Buffer>();

/** A multipart form's first file part (the CSV), kept aside for the handler. */
function acceptCsvUpload(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FLAT_FILE_MAX_BYTES + MULTIPART_OVERHEAD },
    (request, body, done) => {
      new Response(body as Buffer, { headers: { 'content-type': request.headers['content-type'] ?? '' } })
        .formData()
        .then(async (form) => {
          for (const value of form.values())
            if (typeof value !== 'string') {
              csvFiles.set(request, Buffer.from(await value.arrayBuffer()));
              break;
            }
          done(null, {});
        })
        .catch(() =>
          done(new HttpError(400, 'VALIDATION_ERROR', registrantListMessages.unreadableFile), undefined),
        );
    },
  );
}

/**
 * An event's registrants (002 §7.13, §7.13a): the list, the CSV export, the flat-file import, bulk
 * moderation, total registrants, and the organisation's attendee count (002 §3.14). Reads need
 * event:read, changes event:update, on an event the caller sees (404 otherwise, before validation).
 */
export async function registerMembersRoutes(
  app: HttpServer,
  services: {
    members: MembersService;
    flatFile: FlatFileService;
    events: Pick<EventCore, 'programmeEventOf'>;
  },
  publicUrl: string,
): Promise<void> {
  const route = routesOf(app, tags);
  const { members, flatFile, events } = services;
  const sees = (caller: Caller, id: string) => events.programmeEventOf(caller, id, 'event:read');
  const readsEvent = guard({ permission: 'event:read', load: sees });
  const changesEvent = guard({ permission: 'event:update', load: sees });

  // The hottest list: its page is read beside the session check and answered after the guard.
  const startedLists = new WeakMap<FastifyRequest, ReturnType<MembersService['startList']>>();
  app.get(
    '/api/event/event-members/',
    {
      config: { readsBesideSessionCheck: true },
      onRequest: (request, _reply, done) => {
        const query = eventMemberListQuerySchema.safeParse(request.query);
        if (request.sessionCheck && query.success)
          startedLists.set(
            request,
            members.startList(query.data, pageRequest(query.data, EVENT_MEMBERS_PAGE_SIZE)),
          );
        done();
      },
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: eventMemberListQuerySchema, response: { 200: eventMemberPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, EVENT_MEMBERS_PAGE_SIZE);
      const { count, estimated, results } = await members.list(
        eventReaders.of(request).caller,
        request.query,
        page,
        startedLists.get(request),
      );
      return toPage(request.url, publicUrl, page, count, results, estimated);
    },
  );

  route.get(
    '/api/event/event-members/export/',
    eventReaders,
    { query: eventMemberListQuerySchema },
    async ({ caller, query }, _request, reply) => {
      const { event, columns, batches } = await members.exportOf(caller, query);
      async function* lines() {
        yield columns.header;
        for await (const batch of batches) yield batch.map(columns.line).join('');
      }
      const name = `${event.title.trim() || 'event'} registrants`;
      return sendDownload(
        reply,
        { type: CSV_TYPE, disposition: attachment(name, 'csv') },
        Readable.from(lines()),
      );
    },
  );

  await app.register((scope, _options, done) => {
    acceptCsvUpload(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/event/:id/flat_file/validate/',
      {
        preValidation: changesEvent.preValidation,
        schema: { tags, params: idParams, response: { 201: flatFileValidationSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await flatFile.validate(
              changesEvent.of(request).caller,
              request.params.id,
              csvFiles.get(request),
            ),
          ),
    );
    done();
  });

  route.post(
    '/api/event/:id/flat_file/submit/',
    changesEvent,
    { params: idParams, body: flatFileSubmitSchema, answer: flatFileSubmitAnswerSchema },
    ({ caller, params, body }) => flatFile.submit(caller, params.id, body.sheet_id),
  );

  // A bulk action with no event id (a client's unset id) is let through to be refused and logged.
  const changesEventOrMissing = guard({
    permission: 'event:update',
    load: async (caller, id) => (isMissingEventId(id) ? true : sees(caller, id)),
  });
  for (const action of BULK_MODERATION_ACTIONS)
    for (const prefix of ['', 'appbase_'])
      route.post(
        `/api/event/:id/${prefix}bulk_${action}/`,
        changesEventOrMissing,
        { params: idParams, body: bulkModerationSchema, answer: bulkModerationAnswerSchema },
        ({ caller, params, body }, request) => {
          if (isMissingEventId(params.id))
            request.log.warn({ action }, 'bulk moderation without an event id: nothing changed');
          return members.bulk(caller, params.id, action, body);
        },
      );

  route.get(
    '/api/event/:id/total_registrants/',
    readsEvent,
    { params: idParams, query: totalRegistrantsQuerySchema, answer: totalRegistrantsSchema },
    ({ caller, params, query }) => members.totals(caller, params.id, query.limit),
  );
}
