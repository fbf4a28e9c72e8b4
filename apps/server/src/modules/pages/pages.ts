import type { Executor } from '../../platform/db/executor.ts';
import { createPageOwners, type BackOfficeOwners } from './page-owners.ts';
import { createPagesRepository } from './pages.repository.ts';
import { createPagesService, type PagesDeps } from './pages.service.ts';

export { eventPageOwner, templatePageOwner } from './page-owners.ts';
export { registerPagesRoutes } from './pages.routes.ts';
export type { PagesService, RenderedPage } from './pages.service.ts';

/** Built pages (issue 17 §1): the service the routes, the attendee site and duplication use. */
export function createPages(
  deps: Pick<PagesDeps, 'content' | 'videos' | 'sanitize'> & { db: Executor; backOffice: BackOfficeOwners },
) {
  return createPagesService({
    pages: createPagesRepository(deps.db),
    owners: createPageOwners(deps.backOffice),
    content: deps.content,
    videos: deps.videos,
    sanitize: deps.sanitize,
  });
}
