import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ATTENDEE_DATA_ID,
  ATTENDEE_ROOT_ID,
  BRANDING_PREVIEW_PAGES,
  brandingPreviewPath,
  brandingTemplatePreviewPath,
  eventAppBranding,
  fillBranding,
  isScheduled,
  type BrandingPreviewPage,
  type BrandingPreviewPageData,
  type EventType,
} from '@studio/domain';
import type { EntranceEvent } from '../entrance.ts';
import { invalidLinkPage } from '../entrance-page.ts';
import type { EventAppService } from '../event-app/event-app.service.ts';
import { page } from '../layout.ts';
import { notFoundPage } from '../registration-pages.ts';
import { sendHtml } from '../send-html.ts';
import type { PreviewAccess, PreviewSubjectKind } from './preview-access.ts';

/** A template as its preview shows it (read once its token is checked). */
export interface PreviewTemplate {
  id: string;
  title: string;
  /** Its events' type (the event app's tabs differ for webinars). */
  eventType: EventType;
  /** The hidden event holding its programme (made from an event), else null: an empty programme. */
  programmeEvent: EntranceEvent | null;
  /** Its landing page from the pages area (its own, else the default one: no dates). */
  landingPage(): Promise<{ title: string; html: string } | undefined>;
}

export interface BrandingPreviewDeps {
  access: PreviewAccess;
  /** The studio's configured origin (PUBLIC_URL), where saved branding's files are served. */
  studioOrigin: string;
  eventById(eventId: string): Promise<EntranceEvent | undefined>;
  /** The event's landing page as the landing route renders it (title and body), else undefined. */
  landingPage(eventId: string): Promise<{ title: string; html: string } | undefined>;
  eventApp: EventAppService;
  /** A template, for templates' previews; absent in tests of other pages. */
  templateById?(templateId: string): Promise<PreviewTemplate | undefined>;
}

/** What one preview shows: the title, the event app's programme and the landing page. */
interface PreviewSubject {
  id: string;
  title: string;
  programme(): Promise<BrandingPreviewPageData['programme']>;
  landingPage(): Promise<{ title: string; html: string } | undefined>;
}

/** JSON safe inside a `<script type="application/json">`: no `<` can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Only the studio that asked for the token may frame the preview (never another site), and it
 * shows pictures, fonts and web fonts' stylesheets from the studio's files (at PUBLIC_URL or where
 * the studio was reached) or any https host, as the pending branding may name them.
 */
function framedByStudio(reply: FastifyReply, framer: string, configured: string) {
  const studioOrigin = [...new Set([configured, framer])].join(' ');
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header(
    'content-security-policy',
    policy
      .replace(/frame-ancestors [^;]*/, `frame-ancestors ${framer}`)
      // Pending web fonts may come from any https host (saved ones are allowed by origin).
      .replace(/style-src ([^;]*)/, 'style-src $1 https:')
      .concat(`;font-src 'self' data: ${studioOrigin} https:`)
      .replace(/img-src ([^;]*)/, `img-src $1 ${studioOrigin} https:`)
      .replace(/media-src ([^;]*)/, `media-src $1 ${studioOrigin}`)
      .replace(/connect-src ([^;]*)/, `connect-src $1 ${studioOrigin}`),
  );
  reply.removeHeader('x-frame-options');
}

/** The event app's pages read the event's programme from the page (read once: the preview saves nothing). */
async function programmeOf(eventApp: EventAppService, event: EntranceEvent) {
  const [appEvent, agenda, speakers, booths, rooms, stage] = await Promise.all([
    eventApp.event(event),
    eventApp.agenda(event.id),
    eventApp.speakers(event.id),
    eventApp.booths(event.id),
    eventApp.rooms(event.id),
    eventApp.stage(event.id).then((source) => source ?? null),
  ]);
  return { event: appEvent, agenda, speakers, booths, rooms, stage };
}

/**
 * A template without a programme: the event app's pages empty, with the default Enter Event
 * Experience and Stage Navigation (the studio posts the template's branding over them). A template
 * has no dates; the event app shows none of the event's own.
 */
function emptyProgramme(template: PreviewTemplate): BrandingPreviewPageData['programme'] {
  const undated = new Date(0).toISOString();
  const webinar = template.eventType === 'Webinar';
  const event = {
    id: template.id,
    title: template.title,
    start_time: undated,
    end_time: undated,
    timezone: 'UTC',
    webinar,
    scheduled: isScheduled(template.eventType),
    ...eventAppBranding(fillBranding(null, null), { id: template.id, webinar, hasSecondaryBooths: false }),
  };
  return { event, agenda: [], speakers: [], booths: [], rooms: [], stage: null };
}

/**
 * 002 §2.1 "Live preview" on the attendee origin: an event's (or a template's) real pages — the
 * landing page (splash), the stage, the event tabs, onboarding and the tech check — for an
 * organiser holding the studio's preview token, framed by the studio only. The page's script
 * applies the branding the studio posts (pending changes, unsaved) without reloading; the event
 * app's pages read the programme from the page itself, and nothing they do is saved. A template's
 * preview shows its own landing page and title over its programme's holder (or no programme).
 */
export function registerBrandingPreview(
  app: FastifyInstance,
  deps: BrandingPreviewDeps,
  script: string | undefined,
): void {
  // The event's route keeps `:eventId`: the saved branding's hook reads it (page-branding.ts).
  type PreviewRequest = FastifyRequest<{
    Params: { eventId?: string; templateId?: string; page: string };
    Querystring: Record<string, unknown>;
  }>;

  async function sendPreview(
    request: PreviewRequest,
    reply: FastifyReply,
    kind: PreviewSubjectKind,
    subjectOf: (id: string) => Promise<PreviewSubject | undefined>,
  ) {
    const id = (kind === 'event' ? request.params.eventId : request.params.templateId) ?? '';
    const previewPage = BRANDING_PREVIEW_PAGES.find((name) => name === request.params.page);
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const grant = deps.access.opens(id, token, kind);
    if (!grant) return sendHtml(reply, 401, invalidLinkPage());
    const subject = await subjectOf(id);
    if (!subject || !previewPage) return sendHtml(reply, 404, notFoundPage());
    framedByStudio(reply, grant.studioOrigin, deps.studioOrigin);
    const data: BrandingPreviewPageData = {
      eventId: subject.id,
      studioOrigin: grant.studioOrigin,
      page: previewPage,
      programme: await subject.programme(),
    };
    const island =
      `<div id="${ATTENDEE_ROOT_ID}" data-page="branding-preview"></div>` +
      `<script type="application/json" id="${ATTENDEE_DATA_ID}">${scriptJson(data)}</script>`;
    if (previewPage !== 'splash')
      return sendHtml(reply, 200, page(subject.title, island, { script, bodyClass: 'stage-page' }));
    const landing = await subject.landingPage();
    if (!landing) return sendHtml(reply, 404, notFoundPage());
    return sendHtml(reply, 200, page(landing.title, landing.html + island, { script }));
  }

  const { eventApp } = deps;
  app.get(brandingPreviewPath(':eventId', ':page' as BrandingPreviewPage), (request: PreviewRequest, reply) =>
    sendPreview(request, reply, 'event', async (eventId) => {
      const event = await deps.eventById(eventId);
      return (
        event && {
          id: event.id,
          title: event.title,
          programme: () => programmeOf(eventApp, event),
          landingPage: () => deps.landingPage(event.id),
        }
      );
    }),
  );

  if (!deps.templateById) return;
  const templateById = deps.templateById.bind(deps);
  app.get(
    brandingTemplatePreviewPath(':templateId', ':page' as BrandingPreviewPage),
    (request: PreviewRequest, reply) =>
      sendPreview(request, reply, 'template', async (templateId) => {
        const template = await templateById(templateId);
        if (!template) return undefined;
        const holder = template.programmeEvent;
        return {
          id: template.id,
          title: template.title,
          programme: async () => {
            if (!holder) return emptyProgramme(template);
            const programme = await programmeOf(eventApp, holder);
            return { ...programme, event: { ...programme.event, id: template.id, title: template.title } };
          },
          landingPage: () => template.landingPage(),
        };
      }),
  );
}
