import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { FilesService } from '../files/files.service.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { registerFillerSlides } from './filler-slides.ts';

/** Filler slides (issue 18 §6): still images made into videos, shown by events and templates. */
export function fillerSlidesArea(
  studio: Studio,
  ports: Pick<OrganizationsArea, 'workspaces'> &
    Pick<VideoLibraryArea, 'library'> & { files: FilesService; backOffice: BackOffice },
) {
  const { platform } = studio;
  const { library, workspaces, backOffice } = ports;
  const fillerSlides = registerFillerSlides(studio.app, {
    db: studio.database.db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    publicUrl: studio.publicUrl,
    dataDir: platform.dataDir,
    files: ports.files,
    visibleWorkspaces: (caller) => library.visibleWorkspaces(caller),
    findWorkspace: (caller, id) => workspaces.findVisible(caller, id),
    users: backOffice.fillerSlideUsers,
  });
  backOffice.fillerSlides.provide(fillerSlides);
  return fillerSlides;
}
