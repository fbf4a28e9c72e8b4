/** What the branding editor edits: an event (or webinar) or a template. */
export interface BrandingPreviewSubject {
  kind: 'event' | 'template';
  id: string;
}

/**
 * The branding on screen: what is saved with the pending changes over it, kept apart as the save
 * sends them (002 §4.6) — the event-level fields and `theme_obj`.
 */
export interface BrandingPreviewState {
  fields: Record<string, unknown>;
  theme_obj: Record<string, unknown>;
}

/** The live preview pane beside the modules (002 §2.1 "Live preview"). */
export interface BrandingPreviewProps {
  subject: BrandingPreviewSubject;
  /** The module being edited (its id, as the URL hash carries it): the preview follows it. */
  currentModule: string;
  state: BrandingPreviewState;
}
