import type { QueryClient } from '@tanstack/react-query';
import { localSession } from '../api/local-session.ts';
import { resetStudioState } from './studio-state.ts';

/** Session storage key of the path the user left to enter the content lab (spec 001 §9). */
export const PATH_BEFORE_CONTENT_LAB_KEY = 'studio.path-before-content-lab';

/**
 * Spec 001 §4: forgets the user, organisation, event, hub and template state and the local data.
 * `leave` moves off the signed-in page first, so no mounted page refetches while the cache empties.
 */
export async function endSession(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  localSession.clear();
  sessionStorage.removeItem(PATH_BEFORE_CONTENT_LAB_KEY);
  resetStudioState();
  await leave();
  queryClient.clear();
}
