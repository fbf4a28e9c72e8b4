import type { Permission } from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';

/** The back office's route guards by the event right they need (401 and 403 before the body is read). */
export const eventCreators = guard({ permission: 'event:create' });
export const eventDeleters = guard({ permission: 'event:delete' });

/** PATCH of an event or template: either right lets the request in; the service checks the fields. */
export const PATCH_PERMISSIONS: readonly Permission[] = ['event:update', 'branding:update'];
