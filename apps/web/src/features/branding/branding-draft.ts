import type { BrandingRequest, BrandingState, EventBranding, ThemeObj } from '@studio/domain';
import { useMemo, useState } from 'react';

/** Changes to event-level fields and to `theme_obj`, kept apart (002 §4.6). */
export interface BrandingChanges {
  event?: Partial<EventBranding>;
  theme?: Partial<ThemeObj>;
}

/** What a module reads and changes: the saved branding with the pending changes over it. */
export interface BrandingDraft extends BrandingState {
  change: (changes: BrandingChanges) => void;
}

const none = (): Required<BrandingChanges> => ({ event: {}, theme: {} });

/**
 * The editor's pending changes (002 §4.6): the merged state the modules and the preview show, the
 * PATCH body (only what changed; `theme_obj` only when the theme did), and a reset once saved.
 */
export function useBrandingDraft(saved: BrandingState) {
  const [pending, setPending] = useState(none);
  // One object per change: the preview posts the state whenever it is a new one.
  const state: BrandingState = useMemo(
    () => ({ event: { ...saved.event, ...pending.event }, theme: { ...saved.theme, ...pending.theme } }),
    [saved, pending],
  );
  const draft: BrandingDraft = {
    ...state,
    change: ({ event = {}, theme = {} }) =>
      setPending((current) => ({
        event: { ...current.event, ...event },
        theme: { ...current.theme, ...theme },
      })),
  };
  const themeChanged = Object.keys(pending.theme).length > 0;
  const patch: BrandingRequest = { ...pending.event, ...(themeChanged ? { theme_obj: pending.theme } : {}) };
  return {
    draft,
    state,
    patch,
    isPending: themeChanged || Object.keys(pending.event).length > 0,
    clear: () => setPending(none()),
  };
}
