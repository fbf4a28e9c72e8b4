import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVideoAssetRequestSchema,
  eventAssetsQuerySchema,
  pageSchema,
  renameAnswerSchema,
  renameByLibraryIdRequestSchema,
  updateVideoAssetRequestSchema,
  resolveFeatureFlags,
  transcodeAnswerSchema,
  VIDEO_TABLE_PAGE_SIZE,
  videoAssetListQuerySchema,
  videoAssetSchema,
  videoLibraryMessages,
  videoUsageEntrySchema,
} from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { guard } from '../../platform/http/guard.ts';
import { acceptFormBodies, formFiles } from './form-body.ts';
import { attachment, seoExportZip } from './seo-export.ts';
import type { VideoLibraryService } from './video-library.service.ts';
import { noContent } from '../../platform/http/route-support.ts';

const tags = ['video library'];
const idParams = z.object({ id: z.string() });
const notReady = () => new HttpError(409, 'VIDEO_NOT_READY', videoLibraryMessages.videoNotReady);

/** Route hooks: 401 anonymous, 403 without the permission — before the request is validated. */
const reads = guard({ permission: 'video:read' });
const writes = guard({ permission: 'video:update' });

export async function registerVideoLibraryRoutes(
  app: HttpServer,
  library: VideoLibraryService,
  storage: ObjectStore,
  publicUrl: string,
): Promise<void> {
  app.get(
    '/api/core/video_assets/',
    {
      preValidation: reads.preValidation,
      schema: {
        tags,
        querystring: videoAssetListQuerySchema,
        response: { 200: pageSchema(videoAssetSchema) },
      },
    },
    async (request) => {
      const { ordering } = request.query;
      const page = pageRequest(request.query, VIDEO_TABLE_PAGE_SIZE, ordering);
      const { count, estimated, last, results } = await library.list(
        reads.of(request).caller,
        request.query,
        page,
      );
      return toPage(request.url, publicUrl, page, count, results, estimated, { ordering, last });
    },
  );

  app.get(
    '/api/core/video_assets/event_assets/',
    {
      preValidation: reads.preValidation,
      schema: { tags, querystring: eventAssetsQuerySchema, response: { 200: z.array(videoAssetSchema) } },
    },
    async (request) =>
      library.eventAssets(reads.of(request).caller, request.query.event_id, request.query.organization),
  );

  // The create call's body is a form (multipart with the thumbnail file, or urlencoded) or JSON.
  await app.register((scope, _options, done) => {
    acceptFormBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/core/video_assets/',
      {
        preValidation: writes.preValidation,
        schema: { tags, body: createVideoAssetRequestSchema, response: { 201: videoAssetSchema } },
      },
      async (request, reply) => {
        const thumbnail = formFiles(request).thumbnail_to_upload;
        const asset = await library.create(
          writes.of(request).caller,
          request.body,
          thumbnail && { filename: thumbnail.filename, data: thumbnail.data },
        );
        return reply.status(201).send(asset);
      },
    );
    done();
  });

  app.get(
    '/api/core/video_assets/:id/',
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: videoAssetSchema } },
    },
    async (request) => library.get(reads.of(request).caller, request.params.id),
  );

  app.patch(
    '/api/core/video_assets/:id/',
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateVideoAssetRequestSchema,
        response: { 200: videoAssetSchema },
      },
    },
    async (request) => library.update(writes.of(request).caller, request.params.id, request.body),
  );

  app.delete(
    '/api/core/video_assets/:id/',
    { preValidation: writes.preValidation, schema: { tags, params: idParams } },
    noContent((request) => library.delete(writes.of(request).caller, request.params.id)),
  );

  app.post(
    '/api/core/video_assets/:id/transcode/',
    {
      preValidation: writes.preValidation,
      schema: { tags, params: idParams, response: { 200: transcodeAnswerSchema } },
    },
    async (request) => library.transcode(writes.of(request).caller, request.params.id),
  );

  app.get(
    '/api/core/video_assets/:id/usage/',
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: z.array(videoUsageEntrySchema) } },
    },
    async (request) => library.usage(reads.of(request).caller, request.params.id),
  );

  app.get(
    '/api/core/video_assets/:id/download/',
    { preValidation: reads.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { record } = await library.readable(reads.of(request).caller, request.params.id);
      if (!record.mp4_key) throw notReady();
      const object = await storage.get(record.mp4_key).catch(() => {
        throw notReady();
      });
      return reply
        .header('content-type', 'video/mp4')
        .header('content-length', String(object.size))
        .header('content-disposition', attachment(record.name, 'mp4'))
        .header('cache-control', 'private, no-store')
        .send(object.body);
    },
  );

  app.get(
    '/api/core/video_assets/:id/seo_export/',
    { preValidation: reads.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { asset, organization } = await library.readable(reads.of(request).caller, request.params.id);
      if (!resolveFeatureFlags(organization.feature_flags).isAiSummaryGenerationEnabled) {
        throw new HttpError(403, 'FEATURE_NOT_ENABLED', videoLibraryMessages.featureNotEnabled);
      }
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(asset.name, 'zip'))
        .header('cache-control', 'private, no-store')
        .send(seoExportZip(asset));
    },
  );

  app.post(
    '/api/content_lab/video_library/rename/',
    {
      preValidation: writes.preValidation,
      schema: { tags, body: renameByLibraryIdRequestSchema, response: { 200: renameAnswerSchema } },
    },
    async (request) =>
      library.renameByLibraryId(writes.of(request).caller, request.body.video_library_id, request.body.title),
  );
}
