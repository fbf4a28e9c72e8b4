import type { Executor } from '../../platform/db/executor.ts';
import { createBrandKitsRepository } from './brand-kits.repository.ts';
import { createBrandingService } from './branding.service.ts';

export { registerBrandingRoutes } from './branding.routes.ts';

/** Branding's rules and the organisations' brand kits (issue 18); `clock` decides the locks. */
export const createBranding = (db: Executor, clock: () => Date = () => new Date()) =>
  createBrandingService({ kits: createBrandKitsRepository(db), clock });
