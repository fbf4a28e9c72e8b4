import {
  BRANDING_PREVIEW_MESSAGE,
  brandingCssVariables,
  brandingFontSources,
  fillBranding,
  type BrandingPreviewShow,
  type BrandingState,
} from '@studio/domain';

/** A pending branding the studio posts to the preview frame. */
export interface BrandingPreviewMessage {
  state: BrandingState;
  /** What the module being edited brings into view (002 §2.1). */
  show: BrandingPreviewShow | null;
  /** The filler slide's picture, when one is picked. */
  fillerImage: string | null;
}

/** The message's branding, read defensively: a known shape, else undefined. */
function readMessage(data: unknown): BrandingPreviewMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  const state = message.state as { event?: unknown; theme?: unknown } | null | undefined;
  if (message.type !== BRANDING_PREVIEW_MESSAGE || typeof state !== 'object' || state === null)
    return undefined;
  const record = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    state: fillBranding(record(state.event), record(state.theme)),
    show: typeof message.show === 'string' ? (message.show as BrandingPreviewShow) : null,
    fillerImage: typeof message.fillerImage === 'string' ? message.fillerImage : null,
  };
}

const loadedFaces = new Set<string>();

/**
 * The branding on the page as the server would render it, without a reload: the CSS variables on
 * the root, web fonts' stylesheets, custom fonts' faces, the favicon and the logo.
 */
export function applyBranding(document: Document, state: BrandingState): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandingCssVariables(state)))
    root.style.setProperty(name, value);
  const fonts = brandingFontSources(state);
  const sheets = new Set(fonts.filter((font) => font.kind === 'stylesheet').map((font) => font.url));
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-branding-font]'))
    if (!sheets.delete(link.href)) link.remove();
  for (const href of sheets) {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.dataset.brandingFont = '';
    document.head.append(link);
  }
  for (const font of fonts.filter((source) => source.kind === 'file')) {
    const key = `${font.family}\n${font.url}`;
    if (loadedFaces.has(key) || typeof FontFace === 'undefined') continue;
    loadedFaces.add(key);
    const face = new FontFace(font.family, `url(${JSON.stringify(font.url)})`);
    document.fonts.add(face);
    face.load().catch(() => loadedFaces.delete(key));
  }
  const { event } = state;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = event.favicon ?? 'data:,';
  const main = document.querySelector('main');
  let logo = document.querySelector<HTMLImageElement>('img.event-logo');
  if (event.is_logo_visible && event.logo_url && main) {
    logo ??= Object.assign(document.createElement('img'), { className: 'event-logo', alt: '' });
    if (logo.getAttribute('src') !== event.logo_url) logo.src = event.logo_url;
    if (!logo.isConnected) main.prepend(logo);
  } else logo?.remove();
}

/**
 * Listens for the studio's pending branding — from the studio's origin ONLY (ARCHITECTURE §1):
 * applies it and hands it on. Answers the unsubscribe.
 */
export function listenToBrandingPreview(
  window: Window,
  studioOrigin: string,
  onMessage: (message: BrandingPreviewMessage) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== studioOrigin || event.source !== window.parent) return;
    const message = readMessage(event.data);
    if (!message) return;
    applyBranding(window.document, message.state);
    onMessage(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
