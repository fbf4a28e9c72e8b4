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
import { acceptFormBodies, formFiles } from './form-body.ts';
import { seoExportZip } from './seo-export.ts';
import { attachment, sendDownload } from '../../platform/http/download.ts';
import type { VideoLibraryService } from './video-library.service.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { videoRights, videoReaders, videoEditors } from './video-rights.ts';

const tags = ['video library'];
const notReady = () => new HttpError(409, 'VIDEO_NOT_READY', videoLibraryMessages.videoNotReady);

export async function registerVideoLibraryRoutes(
  app: HttpServer,
  library: VideoLibraryService,
  storage: ObjectStore,
  publicUrl: string,
): Promise<void> {
  const route = routesOf(app, tags);
  route.get(
    '/api/core/video_assets/',
    videoReaders,
    { query: videoAssetListQuerySchema, answer: pageSchema(videoAssetSchema) },
    async ({ caller, query }, request) => {
      const { ordering } = query;
      const page = pageRequest(query, VIDEO_TABLE_PAGE_SIZE, ordering);
      const { count, estimated, last, results } = await library.list(caller, query, page);
      return toPage(request.url, publicUrl, page, count, results, estimated, { ordering, last });
    },
  );

  route.get(
    '/api/core/video_assets/event_assets/',
    videoReaders,
    { query: eventAssetsQuerySchema, answer: z.array(videoAssetSchema) },
    ({ caller, query }) => library.eventAssets(caller, query.event_id, query.organization),
  );

  // The create call's body is a form (multipart with the thumbnail file, or urlencoded) or JSON.
  await app.register((scope, _options, done) => {
    acceptFormBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/core/video_assets/',
      {
        preValidation: videoEditors.preValidation,
        schema: { tags, body: createVideoAssetRequestSchema, response: { 201: videoAssetSchema } },
      },
      async (request, reply) => {
        const thumbnail = formFiles(request).thumbnail_to_upload;
        const asset = await library.create(
          videoEditors.of(request).caller,
          request.body,
          thumbnail && { filename: thumbnail.filename, data: thumbnail.data },
        );
        return reply.status(201).send(asset);
      },
    );
    done();
  });

  registerResourceRoutes(app, publicUrl, {
    path: '/api/core/video_assets/',
    tags,
    rights: videoRights,
    part: videoAssetSchema,
    get: (caller, id) => library.get(caller, id),
    change: {
      body: updateVideoAssetRequestSchema,
      answer: (caller, id, body) => library.update(caller, id, body),
    },
    delete: (caller, id) => library.delete(caller, id),
  });

  route.post(
    '/api/core/video_assets/:id/transcode/',
    videoEditors,
    { params: idParams, answer: transcodeAnswerSchema },
    ({ caller, params }) => library.transcode(caller, params.id),
  );

  route.get(
    '/api/core/video_assets/:id/usage/',
    videoReaders,
    { params: idParams, answer: z.array(videoUsageEntrySchema) },
    ({ caller, params }) => library.usage(caller, params.id),
  );

  route.get(
    '/api/core/video_assets/:id/download/',
    videoReaders,
    { params: idParams },
    async ({ caller, params }, _request, reply) => {
      const { record } = await library.readable(caller, params.id);
      if (!record.mp4_key) throw notReady();
      const object = await storage.get(record.mp4_key).catch(() => {
        throw notReady();
      });
      const disposition = attachment(record.name, 'mp4');
      return sendDownload(reply, { type: 'video/mp4', disposition, size: object.size }, object.body);
    },
  );

  route.get(
    '/api/core/video_assets/:id/seo_export/',
    videoReaders,
    { params: idParams },
    async ({ caller, params }, _request, reply) => {
      const { asset, organization } = await library.readable(caller, params.id);
      if (!resolveFeatureFlags(organization.feature_flags).isAiSummaryGenerationEnabled) {
        throw new HttpError(403, 'FEATURE_NOT_ENABLED', videoLibraryMessages.featureNotEnabled);
      }
      const disposition = attachment(asset.name, 'zip');
      return sendDownload(reply, { type: 'application/zip', disposition }, seoExportZip(asset));
    },
  );

  route.post(
    '/api/content_lab/video_library/rename/',
    videoEditors,
    { body: renameByLibraryIdRequestSchema, answer: renameAnswerSchema },
    ({ caller, body }) => library.renameByLibraryId(caller, body.video_library_id, body.title),
  );
}
