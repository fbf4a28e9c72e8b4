import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import {
  eventAppPath,
  eventEntrancePath,
  eventLandingPath,
  eventLeavePath,
  eventLeftPath,
  eventOver,
  isScheduled,
  mayEnterEvent,
} from '@studio/domain';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import { installInputGuard } from '../../platform/http/input-guard.ts';
import { withoutToken } from '../../platform/http/request-log.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { permissionsPolicy, securityHeaders, sendSecurityHeaders } from '../../platform/http/security.ts';
import { injectPageCode, type PageCodeOf } from '../code-areas/page-code.ts';
import { serveAttendeeAssets } from './attendee-assets.ts';
import { injectBranding, type PageBrandings } from './branding/page-branding.ts';
import { registerBrandingPreview, type BrandingPreviewDeps } from './branding/preview-page.ts';
import { registerCheckInDesk, type CheckInDeskDeps } from './check-in-desk.ts';
import { createCalendarLinks } from './calendar-links.ts';
import { registerConfirmationPage } from './confirmation-page.ts';
import { createEntrance, type EntranceDeps } from './entrance.ts';
import { invalidLinkPage } from './entrance-page.ts';
import { createAdmission } from './event-app/admission.ts';
import type { EventAppExtension } from './event-app/event-app-extension.ts';
import { registerEventApp, type EventAppRouteDeps } from './event-app/event-app.routes.ts';
import { PAGE_STYLE_HASH } from './layout.ts';
import { notFoundPage, registerRegistrationPages, type RegistrationPagesDeps } from './registration-pages.ts';
import { registerPublicPages, type PublicPagesDeps } from './public-pages.ts';
import { sendHtml } from './send-html.ts';
import { registerSharedClipPage, type SharedClipPageDeps } from './shared-clip-page.ts';
import type { AdmitNewRegistrant } from '../registration/registrants/public-registration.routes.ts';

export interface AttendeeSiteOptions extends EntranceDeps {
  /** The organisation's attendee origin: its pages' links, and whether the site's cookies are Secure. */
  attendeeBaseUrl: AttendeeBaseUrl;
  logLevel: string;
  /** Told of each route as it is registered (tests that call every route). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
  trustProxy: boolean;
  /** The web build: the attendee bundle's entry and assets (none in tests without a build). */
  webDistDir: string;
  registration: Omit<RegistrationPagesDeps, 'attendeeBaseUrl' | 'visitor' | 'openForEntry'>;
  checkInDesk: Omit<CheckInDeskDeps, 'personInEvent'>;
  /** The event's custom code and tracking snippet for its public pages (code-areas module). */
  pageCodeOf?: PageCodeOf;
  /** The shared clip page (issue 37 §5); absent in tests of other pages. */
  sharedClips?: SharedClipPageDeps;
  /** Hub, on-demand and embed pages (issue 17 §2); absent in tests of other pages. */
  publicPages?: PublicPagesDeps;
  /** A hub page's organisation's JavaScript embeds (code-areas module), by hub page id. */
  hubPageCodeOf?: PageCodeOf;
  /** A series' tracking pixels and code areas for its registration page (code-areas module). */
  seriesPageCodeOf?: PageCodeOf;
  /** The event app at `/e/{id}/live` and its calls (issue 17 §3); absent in tests of other pages. */
  eventApp?: EventAppRouteDeps;
  /** Given the event app's extension point once its routes are on (the engagement module's calls). */
  eventAppExtended?: (extension: EventAppExtension) => void;
  /** Given how a register call lets a new registrant in at once, for the public register calls. */
  newRegistrantsAdmitted?: (admit: AdmitNewRegistrant) => void;
  /** The branding editor's live preview (002 §2.1); needs the event app. Absent in tests of other pages. */
  brandingPreview?: Pick<BrandingPreviewDeps, 'access' | 'studioOrigin' | 'templateById'>;
  /** The brandings its pages wear (issue 18); absent in tests of other pages. */
  branding?: { brandings: PageBrandings; studioOrigin: string };
  /**
   * Uploaded files by their content path (`/api/files/…`), sent as the studio sends them: a stored
   * picture is a path with no host, the same on both origins.
   */
  storedFile?: (reply: FastifyReply, path: string, width: number | undefined) => Promise<FastifyReply>;
}

export type AttendeeSite = FastifyInstance;

/** The cookie an event's entrance sets: the magic link's token, scoped to that event's paths. */
export const EVENT_ACCESS_COOKIE = 'event_access';
/** How long a browser keeps the sign-in (the link itself never expires; it can be re-issued). */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;
/**
 * How long after the event's end a new registrant's entry pass still lets them in: an event that
 * runs over, and the same day's replay, without their email.
 */
const ENTRY_PASS_SECONDS_AFTER_END = 24 * 3600;

/**
 * The attendee site's headers: no script but the site's own bundle (no inline script), its one
 * inline style by hash and the bundle's stylesheets (no injected style); the camera's picture and the QR decoder's worker are blobs; no referrer ever
 * leaves (a link's token is in the entrance's URL).
 */
const HEADERS = securityHeaders(
  {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", PAGE_STYLE_HASH],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  },
  // The tech check asks for the camera and microphone, the check-in desk's scanner for the camera.
  permissionsPolicy({ camera: ['self'], microphone: ['self'] }),
);

/**
 * The attendee origin (ARCHITECTURE §1, §9): a server of its own, apart from the studio, since
 * organisers' code will run here. No studio token is read or set; a person comes in through their
 * magic link, which leaves a cookie valid on that event's paths only.
 */
export async function createAttendeeSite(options: AttendeeSiteOptions): Promise<AttendeeSite> {
  const app = Fastify({
    logger:
      options.logLevel === 'silent'
        ? false
        : {
            level: options.logLevel,
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, url: withoutToken(request.url) }),
            },
          },
    trustProxy: options.trustProxy,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The same zod schemas on its routes as on the studio's, refused into the same 400s.
  app.setValidatorCompiler(validatorCompiler);
  sendSecurityHeaders(app, HEADERS);
  installInputGuard(app);
  await app.register(fastifyCookie);
  const entrance = createEntrance(options);
  /** Signs this browser in on the event's paths (the cookie the event's pages and app read). */
  const setEventAccess = async (
    reply: FastifyReply,
    event: { id: string; organizationId: string },
    token: string,
    maxAge: number,
  ): Promise<void> => {
    // Not returned: a reply is a thenable that settles only once it is sent.
    reply.setCookie(EVENT_ACCESS_COOKIE, token, {
      path: eventLandingPath(event.id),
      maxAge,
      httpOnly: true,
      sameSite: 'lax',
      secure: (await options.attendeeBaseUrl(event.organizationId)).startsWith('https:'),
    });
  };
  const assets = await serveAttendeeAssets(app, options.webDistDir);
  if (options.pageCodeOf)
    injectPageCode(app, {
      eventCodeOf: options.pageCodeOf,
      hubPageCodeOf: options.hubPageCodeOf,
      seriesCodeOf: options.seriesPageCodeOf,
    });
  if (options.branding) injectBranding(app, options.branding.brandings, options.branding.studioOrigin);
  app.setNotFoundHandler((_request, reply) => sendHtml(reply, 404, notFoundPage('page')));
  const { storedFile } = options;
  if (storedFile)
    app.get<{ Params: { '*': string }; Querystring: { w?: string } }>('/api/files/*', (request, reply) => {
      const width = /^\d{1,5}$/.test(request.query.w ?? '') ? Number(request.query.w) : undefined;
      return storedFile(reply, request.params['*'], width);
    });

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventEntrancePath(':eventId'),
    async (request, reply) => {
      const { eventId } = request.params;
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const admitted = await entrance.admit(eventId, token);
      // An entry pass is for the browser it was handed to, never an address to pass on.
      if (!admitted || admitted.holder.pass) return sendHtml(reply, 401, invalidLinkPage());
      await entrance.recordUse(admitted.holder);
      await setEventAccess(reply, admitted.event, token, COOKIE_MAX_AGE_SECONDS);
      return reply
        .status(303)
        .header('cache-control', 'no-store')
        .header('location', eventAppPath(admitted.event.id))
        .send();
    },
  );

  // Leaving forgets this browser's sign-in only: the cookie holds the magic link's token, which
  // stays valid (it is the person's way back in from their email), so nothing is revoked. It lands
  // on the event app's "you left" page, which tells how to get back in (the event's own page offered
  // a bare Register, as if the person had never registered).
  app.post<{ Params: { eventId: string } }>(eventLeavePath(':eventId'), async (request, reply) => {
    const { eventId } = request.params;
    if (!isUuid(eventId)) return sendHtml(reply, 404, notFoundPage());
    return reply
      .clearCookie(EVENT_ACCESS_COOKIE, { path: eventLandingPath(eventId) })
      .status(303)
      .header('cache-control', 'no-store')
      .header('location', eventLeftPath(eventId))
      .send();
  });

  const calendarLinks = createCalendarLinks({ attendeeBaseUrl: options.attendeeBaseUrl });
  const admission =
    options.eventApp &&
    createAdmission({ eventAccessCookie: EVENT_ACCESS_COOKIE, entrance }, options.eventApp.eventApp);
  if (options.eventApp && admission)
    options.eventAppExtended?.(
      registerEventApp(app, options.eventApp, {
        admission,
        entrance,
        script: assets.script,
        notOpenLinks: async (eventId) => {
          const event = await options.registration.publicEvent(eventId);
          return (
            event && { calendars: await calendarLinks.section(event), eventPage: eventLandingPath(event.id) }
          );
        },
      }),
    );

  if (options.publicPages) registerPublicPages(app, options.publicPages, assets);
  if (options.sharedClips) registerSharedClipPage(app, options.sharedClips, assets);
  const registration: RegistrationPagesDeps = {
    ...options.registration,
    attendeeBaseUrl: options.attendeeBaseUrl,
    visitor: async (request, eventId) =>
      (await admission?.visitor(request, eventId)) ?? { registered: false, enterEvent: '' },
    openForEntry: async (event) => {
      const now = options.registration.clock();
      if (!options.eventApp || eventOver(event, now)) return false;
      return mayEnterEvent(event, await options.eventApp.eventApp.settingsOf(event.id), now);
    },
  };
  // A person the register call has just created and seated, while the event is open for entry,
  // enters from this browser at once (docs/decisions.md): a pass until a day after the event ends,
  // or for a day from now for a recording (which has no end).
  options.newRegistrantsAdmitted?.(async (reply, eventId, userId) => {
    const event = await options.registration.publicEvent(eventId);
    if (!event || !(await registration.openForEntry(event))) return;
    const until = isScheduled(event.event_type) ? event.end_time : options.clock();
    const expiresAt = new Date(until.getTime() + ENTRY_PASS_SECONDS_AFTER_END * 1000);
    const token = await entrance.passFor(event.id, userId, expiresAt);
    if (!token) return;
    const seconds = Math.ceil((expiresAt.getTime() - options.clock().getTime()) / 1000);
    await setEventAccess(reply, event, token, seconds);
  });
  const registrationPages = registerRegistrationPages(app, registration, assets);
  registerConfirmationPage(app, registration, assets);
  if (options.brandingPreview && options.eventApp)
    registerBrandingPreview(
      app,
      {
        ...options.brandingPreview,
        eventById: (eventId) => options.eventById(eventId),
        landingPage: registrationPages.landingPage,
        eventApp: options.eventApp.eventApp,
      },
      assets.script,
    );
  registerCheckInDesk(
    app,
    { ...options.checkInDesk, personInEvent: (...args) => options.personInEvent(...args) },
    {
      eventAccessCookie: EVENT_ACCESS_COOKIE,
      entrance,
      secure: async (organizationId) => (await options.attendeeBaseUrl(organizationId)).startsWith('https:'),
      script: assets.script,
      clock: () => options.registration.clock(),
    },
  );
  return app;
}
