import type { Studio } from '../../studio-area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { workRootOf } from '../video-library/video-library.module.ts';
import { registerClipsJobs } from './clips.jobs.ts';
import { createClipsRepository } from './clips.repository.ts';
import { registerClipsRoutes } from './clips.routes.ts';
import { createClipsService } from './clips.service.ts';
import { contentLabArea } from './content-lab-switch.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { registerProjectsRoutes } from './projects.routes.ts';
import { createProjectsService } from './projects.service.ts';

/**
 * Content Lab projects and clips (issue 37 §3): cut by a worker, each a CLIP library video; shared on
 * the attendee origin. Its routes, and the posts area's, follow the organisation's Content Lab switch.
 */
export function clipsArea(
  studio: Studio,
  ports: Pick<VideoLibraryArea, 'library' | 'mediaServer'> &
    Pick<DomainsArea, 'attendeeBaseUrl'> &
    Pick<OrganizationsArea, 'organizations'>,
) {
  const { app, platform, publicUrl } = studio;
  const contentLab = contentLabArea((id) => ports.organizations.contentLabEnabled(id));
  const clips = createClipsRepository(studio.database.db);
  const projects = createProjectsService({
    projects: createProjectsRepository(studio.database.db),
    library: ports.library,
  });
  const service = createClipsService({
    clips,
    library: ports.library,
    projects,
    jobs: platform.jobs,
    attendeeBaseUrl: ports.attendeeBaseUrl,
  });
  registerClipsRoutes(app, service, publicUrl, ports.mediaServer, contentLab);
  registerProjectsRoutes(app, projects, publicUrl, contentLab);
  registerClipsJobs(platform.jobs, {
    clips,
    library: ports.library,
    storage: platform.storage,
    realtime: platform.realtime,
    workRoot: workRootOf(platform.dataDir),
  });
  return { clips: service, contentLab };
}
