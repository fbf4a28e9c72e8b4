import { ATTENDEE_PAGE_STYLE, type BrandingState } from '@studio/domain';
import { useGetPuck, type AppState, type IframeConfig, type Viewport } from '@puckeditor/core';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { applyBranding } from '../../attendee/branding-preview/preview-messages.ts';

/** Marks the attendee stylesheet the preview frame wears (one per frame document). */
export const ATTENDEE_STYLE_ATTRIBUTE = 'data-attendee-page-style';

/**
 * Puck's preview frame without the studio's styles (Mantine's, the studio's own): Puck still puts
 * its own editing styles in the frame; the page's blocks wear the attendee pages' stylesheet.
 */
export const PREVIEW_IFRAME: IframeConfig = { enabled: true, syncHostStyles: false };

/** The owner's saved branding the preview wears (PageBuilderPage's `branding`); undefined: none read. */
export const PreviewBrandingContext = createContext<BrandingState | undefined>(undefined);

/** The preview frame's accessible name. */
const PREVIEW_FRAME_TITLE = 'Page preview';

/**
 * The frame as the attendee site lays out a built page: the attendee stylesheet in its head, the
 * blocks in `<main><div class="built-page">` (layout.ts's page(), the domain's renderPageHtml), in
 * the owner's branding as the attendee page wears it (applyBranding, the attendee bundle's own:
 * its CSS variables on the root — colours, fonts, hero —, its fonts and its logo first in main).
 */
export function AttendeePreviewFrame({ children, document }: { children: ReactNode; document?: Document }) {
  const branding = useContext(PreviewBrandingContext);
  useEffect(() => {
    if (document && branding) applyBranding(document, branding);
  }, [document, branding]);
  // Puck makes the frame and gives it no title: a screen reader would announce a nameless frame.
  useEffect(() => {
    document?.defaultView?.frameElement?.setAttribute('title', PREVIEW_FRAME_TITLE);
  }, [document]);
  useEffect(() => {
    if (!document || document.head.querySelector(`style[${ATTENDEE_STYLE_ATTRIBUTE}]`)) return;
    const style = document.createElement('style');
    style.setAttribute(ATTENDEE_STYLE_ATTRIBUTE, '');
    style.textContent = ATTENDEE_PAGE_STYLE;
    // First in the head: Puck's own editing styles (outlines, drop zones) come after it and win.
    document.head.prepend(style);
  }, [document]);
  return (
    <main>
      <div className="built-page">{children}</div>
    </main>
  );
}

/** The preview's screens: a phone, a tablet and a laptop's page, as attendees open it. */
export const PREVIEW_VIEWPORTS: Viewport[] = [
  { width: 390, height: 'auto', icon: 'Smartphone', label: 'Phone' },
  { width: 768, height: 'auto', icon: 'Tablet', label: 'Tablet' },
  { width: 1280, height: 'auto', icon: 'Monitor', label: 'Desktop' },
];

/** The least a first preview is scaled to: below it the page's text is too small to read. */
const LEAST_FIRST_ZOOM = 0.5;

/**
 * The screen a preview opens on: the widest that fits the canvas at half its size or more, else
 * the narrowest (Puck's own choice follows the window's width, not the canvas's: a laptop's
 * 1280px page in a 340px canvas, at 27%).
 */
export function fittingViewport(canvasWidth: number, viewports: Viewport[] = PREVIEW_VIEWPORTS): Viewport {
  const widths = viewports.filter((viewport) => typeof viewport.width === 'number');
  const fitting = widths.filter((viewport) => (viewport.width as number) * LEAST_FIRST_ZOOM <= canvasWidth);
  return fitting.at(-1) ?? widths[0] ?? { width: '100%', height: 'auto' };
}

/**
 * The builder's first state on the Puck props (`ui`): the first screen, kept until FitFirstViewport
 * measures; on a phone the blocks panel closed — Puck folds its header (and so Publish, undo and
 * redo) away while that panel is open there, and opens it from its bottom bar.
 */
export const firstBuilderUi = (onPhone: boolean) => ({
  viewports: {
    current: { width: 1280, height: 'auto' as const },
    controlsVisible: true,
    options: [],
  },
  ...(onPhone && { leftSideBarVisible: false }),
});

/**
 * Puck's preview (its `preview` override) that, once drawn, opens on the screen that fits the
 * canvas it has (`fittingViewport`); the organiser's own choice of screen is kept from then on.
 */
export function FitFirstViewport({ children }: { children: ReactNode }) {
  const getPuck = useGetPuck();
  useEffect(() => {
    const canvas = window.document.getElementById('puck-canvas-root')?.parentElement;
    if (!canvas?.clientWidth) return;
    const { appState, dispatch, history } = getPuck();
    const viewport = fittingViewport(canvas.clientWidth);
    const viewports = {
      ...appState.ui.viewports,
      current: { width: viewport.width, height: viewport.height ?? 'auto' },
    };
    const [first, ...later] = history.histories;
    // Before any edit, the first step of the history opens on it too (as Puck's own choice does):
    // undoing back to it keeps the screen.
    const state = first?.state as AppState | undefined;
    if (first && state && !later.length)
      history.setHistories([{ ...first, state: { ...state, ui: { ...state.ui, viewports } } }]);
    else dispatch({ type: 'setUi', ui: { viewports }, recordHistory: false });
    // Once, when the preview is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <>{children}</>;
}
