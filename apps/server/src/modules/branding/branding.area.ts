import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import { createBranding, registerBrandingRoutes } from './branding.ts';
import type { BrandingService } from './branding.service.ts';

/**
 * Branding's rules (locks on the clock) and the brand kits (issue 18), built before the back
 * office: events keep their branding and save it by these rules.
 */
export const brandingArea = (studio: Studio) => createBranding(studio.database.db, studio.config.clock);

/** The brand kit's routes, once the events it is applied to are built. */
export function brandKitArea(studio: Studio, ports: { branding: BrandingService; backOffice: BackOffice }) {
  registerBrandingRoutes(studio.app, ports.branding, ports.backOffice.events);
}
