import type { Permission } from '@studio/domain';

/** PATCH of an event or template: either right lets the request in; the service checks the fields. */
export const PATCH_PERMISSIONS: readonly Permission[] = ['event:update', 'branding:update'];
