import { FILE_UPLOAD_DEFAULT_MAX_BYTES } from '@studio/domain';
import type { FilesConfig } from '../../config.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { createUrlSigner } from '../../platform/storage/signed-url.ts';
import { registerFilesRoutes } from './files.routes.ts';
import { createFilesService, type FilesService, type OwnsEvent } from './files.service.ts';

export interface FilesDeps {
  storage: ObjectStore;
  secretKey: string;
  publicUrl: string;
  config?: FilesConfig | undefined;
  /** The events area's: an `events/{id}/…` key names one of the caller's organisation's events. */
  ownsEvent: OwnsEvent;
  /** Tests move the clock to see a URL expire. */
  now?: () => number;
}

/** General file and image upload (issue 11 item 7): one call from the composition root. */
export async function registerFiles(app: HttpServer, deps: FilesDeps): Promise<FilesService> {
  const files = createFilesService({
    storage: deps.storage,
    signer: createUrlSigner(deps.secretKey, deps.now),
    ownsEvent: deps.ownsEvent,
    settings: {
      publicUrl: deps.publicUrl,
      maxBytes: deps.config?.maxBytes ?? FILE_UPLOAD_DEFAULT_MAX_BYTES,
      signedUrlTtlSeconds: deps.config?.signedUrlTtlSeconds ?? 900,
    },
  });
  await registerFilesRoutes(app, files, deps.storage);
  return files;
}
