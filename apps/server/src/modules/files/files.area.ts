import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import { registerFiles } from './files.ts';

/** Images, fonts and other files that are not library videos, through signed upload URLs. */
export function filesArea(studio: Studio, ports: { backOffice: BackOffice }) {
  const { events } = ports.backOffice;
  return registerFiles(studio.app, {
    storage: studio.platform.storage,
    secretKey: studio.secretKey,
    publicUrl: studio.publicUrl,
    config: studio.config.files,
    // An event of the caller's organisation.
    ownsEvent: async (organizationId, eventId) =>
      (await events.programmeEventsByIds(organizationId, [eventId])).length > 0,
  });
}
