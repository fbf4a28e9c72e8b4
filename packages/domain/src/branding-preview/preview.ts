import { z } from 'zod';
import type { BrandingModuleId } from '../branding/modules.ts';
import type { PreviewView } from '../branding/messages.ts';
import type { EventAppEvent, EventAppSession, EventAppSpeaker } from '../event-app/api.ts';
import type { Booth, Room } from '../rooms-booths/api.ts';
import type { StageSource } from '../stage/api.ts';
import { catalogueKeys } from '../records.ts';

/** Spec 002 §2.1 "Live previews": the attendee pages the preview shows, 'splash' (the landing page, DEFAULT_PREVIEW_TAB) first, with their labels. */
export const BRANDING_PREVIEW_PAGE_LABELS = {
  splash: 'Event Landing',
  stage: 'Stage',
  event_tabs: 'Event Tabs',
  onboarding: 'Onboarding',
  tech_check: 'Tech Check',
};
export type BrandingPreviewPage = keyof typeof BRANDING_PREVIEW_PAGE_LABELS;
export const BRANDING_PREVIEW_PAGES = catalogueKeys(BRANDING_PREVIEW_PAGE_LABELS);

/** What the preview brings into view for the module being edited (002 §2.1). */
export type BrandingPreviewShow =
  | 'filler'
  | 'sponsor_logo'
  | 'lower_third'
  | 'mobile_chat'
  | 'agenda_dropdown'
  | 'popup'
  | 'published_question'
  | 'screen_saver';

export interface BrandingPreviewFocus {
  page: BrandingPreviewPage;
  show: BrandingPreviewShow | null;
}

/** The pages each module is seen on; a module not named here keeps the page chosen. */
const MODULE_FOCUS: Partial<Record<BrandingModuleId, BrandingPreviewFocus>> = {
  fillerSlide: { page: 'stage', show: 'filler' },
  logos: { page: 'stage', show: 'sponsor_logo' },
  lowerThirds: { page: 'stage', show: 'lower_third' },
  PopupWindows: { page: 'stage', show: 'popup' },
  chatExperience: { page: 'stage', show: 'published_question' },
  agendaBackground: { page: 'splash', show: 'agenda_dropdown' },
};

/**
 * 002 §2.1: the preview follows the module — filler slide → the buffer stage with the filler
 * image, logos → a sponsor logo, lowerThirds → a lower third, sidebarColor → the chat on mobile
 * (cellphone view only), agendaBackground → the agenda dropdown open; Stage Popups → the stage's
 * video with a popup over it ("videos with popup"); Chat Experience → a published (answered) text
 * question in the Q&A beside the stage, as its Q&A options show it ("text Q&A published"); Button &
 * Card Color keeps the page chosen and shows the stage's screen saver (its colours follow the
 * buttons' unless set apart).
 */
export function brandingPreviewFocus(
  moduleId: BrandingModuleId,
  device: PreviewView,
  chosen: BrandingPreviewPage,
): BrandingPreviewFocus {
  if (moduleId === 'sidebarColor')
    return device === 'cellphone' ? { page: 'stage', show: 'mobile_chat' } : { page: 'stage', show: null };
  if (moduleId === 'themebase') return { page: chosen, show: 'screen_saver' };
  return MODULE_FOCUS[moduleId] ?? { page: chosen, show: null };
}

/** The published text question the preview's Q&A shows for Chat Experience ("text Q&A published"). */
export const BRANDING_PREVIEW_QUESTION = {
  asker: 'Ada Lovelace',
  text: 'Will the slides be shared after the session?',
  answerer: 'Grace Hopper',
  answer: 'Yes, they go out with the recording after the event.',
} as const;

/** 002 §2.1: the stage's sidebar tabs (the preview opens Chat for the Sidebar Overlay on a cellphone). */
export const BRANDING_PREVIEW_SIDEBAR_TABS = ['Chat', 'Messages', 'Docs', 'Polls', 'Q&A', 'Media'] as const;

/** The attendee origin's preview of an event's page, opened with a preview token (`?token=`). */
export const brandingPreviewPath = (eventId: string, page: BrandingPreviewPage) =>
  `/e/${eventId}/preview/${page}`;

/** The attendee origin's preview of a template's pages (the same pages over its programme, if any), opened with a preview token. */
export const brandingTemplatePreviewPath = (templateId: string, page: BrandingPreviewPage) =>
  `/t/${templateId}/preview/${page}`;

/** The `type` of the studio's messages to the preview frame. */
export const BRANDING_PREVIEW_MESSAGE = 'event-studio:branding-preview';
/** The `type` of the frame's message to the studio once it listens (then the studio posts the branding). */
export const BRANDING_PREVIEW_READY = 'event-studio:branding-preview-ready';

/** The studio's answer to `POST /api/event/{id}/branding_preview/` (and `/api/event/studio-templates/{id}/branding_preview/`): where and how to open the preview. */
export const brandingPreviewAccessSchema = z.object({
  /** The event's (template's organisation's) attendee origin (the frame's src and the messages' target origin). */
  origin: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type BrandingPreviewAccess = z.infer<typeof brandingPreviewAccessSchema>;

/** What a preview page hands its script (JSON in the page). */
export interface BrandingPreviewPageData {
  /** The event's id, or the template's for a template's preview. */
  eventId: string;
  page: BrandingPreviewPage;
  /** The only origin whose messages the page applies. */
  studioOrigin: string;
  /** What the pages show, read once by the server (the preview saves nothing). */
  programme: {
    event: EventAppEvent;
    agenda: EventAppSession[];
    speakers: EventAppSpeaker[];
    booths: Booth[];
    rooms: Room[];
    stage: StageSource | null;
  };
}
