import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { registerUploadsRoutes } from './uploads.routes.ts';
import { createUploadsService, type UploadsSettings } from './uploads.service.ts';

export interface UploadsDeps {
  db: Executor;
  storage: ObjectStore;
  settings: UploadsSettings;
}

/** The uploads service on the platform's database and storage (also for worker processes). */
export const createUploads = (deps: UploadsDeps) =>
  createUploadsService({
    uploads: createUploadsRepository(deps.db),
    storage: deps.storage,
    settings: deps.settings,
  });

/** Resumable uploads at /api/uploads/; the service is handed to the areas that take uploads. */
export async function registerUploads(app: HttpServer, deps: UploadsDeps) {
  const uploads = createUploads(deps);
  await registerUploadsRoutes(app, uploads);
  return uploads;
}
