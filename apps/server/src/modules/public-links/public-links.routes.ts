import {
  attendeeLinksSchema,
  eventCheckInPath,
  eventLandingPath,
  eventOnDemandPath,
  eventRegisterPath,
  hubPageAttendeeLinksSchema,
  hubPagePath,
  onDemandEmbedPath,
  publicEmbedLinkSchema,
  selfCheckInUrl,
  seriesAttendeeLinksSchema,
  seriesRegisterPath,
} from '@studio/domain';
import type { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import { idParams } from '../../platform/http/route-support.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['public-links'];

/** An event, series or hub page as these routes need it: its id and organisation (for its attendee origin). */
export interface LinkedObject {
  id: string;
  organizationId: string;
}

export interface PublicLinksDeps {
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event the caller may see (404 otherwise: another organisation's, or none). */
  visibleEvent: (caller: Caller, eventId: string) => Promise<LinkedObject>;
  /** The series or repeating event the caller may see (404 otherwise). */
  visibleSeries: (caller: Caller, seriesId: string) => Promise<LinkedObject>;
  /** The hub page the caller may see (404 otherwise). */
  visibleHubPage: (caller: Caller, hubPageId: string) => Promise<LinkedObject>;
  /** Whether the organisation's plan embeds events on other sites (002 §6 `embeddedEvents`). */
  embedsAllowed: (organizationId: string) => Promise<boolean>;
  /** An event the attendee origin shows to anyone (no blueprint, no template's programme), or undefined. */
  publicEvent(eventId: string): Promise<LinkedObject | undefined>;
}

/**
 * 002 §2 public link helpers: the addresses of an event's, series' or hub page's public pages on its
 * organisation's attendee origin (the verified default custom domain, else the attendee site),
 * which only the server knows. The embed's address is public as the embed itself is: the
 * `/on-demand-embed-dummy/{eventId}` page shows it to anyone, as a visitor's site would.
 */
export function registerPublicLinksRoutes(app: HttpServer, deps: PublicLinksDeps): void {
  const route = routesOf(app, tags);
  const embedOf = (base: string, id: string) => `${base}${onDemandEmbedPath(id)}`;

  /** GET `path`: the links of an object the caller may see (404 otherwise), on its organisation's attendee origin. */
  function attendeeLinks<Answer extends z.ZodType>(
    path: string,
    answer: Answer,
    visible: (caller: Caller, id: string) => Promise<LinkedObject>,
    links: (base: string, object: LinkedObject) => z.output<Answer> | Promise<z.output<Answer>>,
  ) {
    route.get(path, eventReaders, { params: idParams, answer }, async ({ caller, params }) => {
      const object = await visible(caller, params.id);
      return links(await deps.attendeeBaseUrl(object.organizationId), object);
    });
  }

  attendeeLinks(
    '/api/event/:id/attendee_links/',
    attendeeLinksSchema,
    deps.visibleEvent,
    async (base, event) => {
      const { id } = event;
      const checkIn = `${base}${eventCheckInPath(id)}`;
      return {
        landing: `${base}${eventLandingPath(id)}`,
        register: `${base}${eventRegisterPath(id)}`,
        on_demand: `${base}${eventOnDemandPath(id)}`,
        embed: (await deps.embedsAllowed(event.organizationId)) ? embedOf(base, id) : null,
        check_in: checkIn,
        self_check_in: selfCheckInUrl(checkIn),
      };
    },
  );
  attendeeLinks(
    '/api/event/series/:id/attendee_links/',
    seriesAttendeeLinksSchema,
    deps.visibleSeries,
    (base, { id }) => ({ register: `${base}${seriesRegisterPath(id)}` }),
  );
  attendeeLinks(
    '/api/event/hub-pages/:id/attendee_links/',
    hubPageAttendeeLinksSchema,
    deps.visibleHubPage,
    (base, { id }) => ({ page: `${base}${hubPagePath(id)}` }),
  );

  publicRoutesOf(app, tags).get(
    '/api/public/event/:id/embed_link/',
    { params: idParams, answer: publicEmbedLinkSchema },
    async ({ params }) => {
      const event = await deps.publicEvent(params.id);
      if (!event || !(await deps.embedsAllowed(event.organizationId))) throw notFound();
      return { embed: embedOf(await deps.attendeeBaseUrl(event.organizationId), event.id) };
    },
  );
}
