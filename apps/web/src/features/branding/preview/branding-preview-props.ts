import type { BrandingModuleId, BrandingState } from '@studio/domain';

/** What the branding editor edits: an event (or webinar) or a template. */
export interface BrandingPreviewSubject {
  kind: 'event' | 'template';
  id: string;
}

/** The live preview pane beside the modules (002 §2.1 "Live preview"). */
export interface BrandingPreviewProps {
  subject: BrandingPreviewSubject;
  /** The module being edited (the id the URL hash carries): the preview follows it. */
  currentModule: BrandingModuleId;
  /** What is saved with the pending changes over it (event-level fields and theme_obj). */
  state: BrandingState;
  /** The picked filler slide's picture, shown on the buffer stage while the Filler slide module is open. */
  fillerImage?: string | null;
}
