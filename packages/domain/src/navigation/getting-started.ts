import type { Permission } from '../access/roles.ts';
import { GETTING_STARTED_STEPS, type GettingStarted } from '../home/index.ts';

/**
 * The right each getting-started step's page demands: creating events, uploading videos, inviting
 * members, editing branding.
 */
export const GETTING_STARTED_STEP_RIGHTS: Readonly<Record<keyof GettingStarted, Permission>> = {
  first_event: 'event:create',
  first_video: 'video:update',
  teammate: 'user:manage',
  branding: 'branding:update',
};

/**
 * The steps of the checklist offered to a member (by `can`): the checklist is for those who set
 * the organisation up (create events), and each step only to those its page lets in.
 */
export function offeredGettingStartedSteps(
  can: (permission: Permission) => boolean,
): typeof GETTING_STARTED_STEPS {
  if (!can('event:create')) return [];
  return GETTING_STARTED_STEPS.filter((step) => can(GETTING_STARTED_STEP_RIGHTS[step.key]));
}
