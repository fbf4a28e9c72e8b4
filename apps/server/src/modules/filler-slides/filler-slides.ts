import path from 'node:path';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { registerFillerSlidesJobs } from './filler-slides.jobs.ts';
import { createFillerSlidesRepository } from './filler-slides.repository.ts';
import { registerFillerSlidesRoutes } from './filler-slides.routes.ts';
import { createFillerSlidesService, type FillerSlidesDeps } from './filler-slides.service.ts';

export interface FillerSlidesModuleDeps extends Omit<FillerSlidesDeps, 'slides'> {
  storage: ObjectStore;
  /** The jobs' scratch space is made under it. */
  dataDir: string;
}

/** Filler slides (issue 18 §6): the library's routes and the job that makes each image a video. */
export function registerFillerSlides(app: HttpServer, deps: FillerSlidesModuleDeps) {
  const slides = createFillerSlidesRepository(deps.db);
  const service = createFillerSlidesService({ ...deps, slides });
  registerFillerSlidesRoutes(app, service, deps.publicUrl);
  registerFillerSlidesJobs(deps.jobs, {
    slides,
    storage: deps.storage,
    realtime: deps.realtime,
    workRoot: path.join(path.resolve(deps.dataDir), 'work'),
  });
  return service;
}
