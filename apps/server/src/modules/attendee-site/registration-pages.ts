import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANALYTICS_PRIVACY_NOTE,
  absoluteFileUrl,
  attendeePageMessages,
  eventAppMessages,
  eventAppPath,
  eventCancelPath,
  eventLandingPath,
  eventOnDemandPath,
  eventRegisteredPath,
  registrationRefusalOf,
  eventRegisterPath,
  isRegistrationOutcomeKey,
  registrationMessages,
  registrationOutcomeMessages,
  seriesRegisteredPath,
  seriesRegisterPath,
  PAGE_ISLAND_ATTRIBUTE,
  registrationClosed,
  registrationCodeMessages,
  registrationFormHtml,
  type FormioData,
  type NotFoundSubject,
  type PageKind,
} from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import { sanitizeRichText } from '../../platform/http/rich-text.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';
import type { PublicEvent, PublicSeries } from '../back-office/events/event-core.service.ts';
import type { RegistrationTokens } from '../registration/registration-tokens.ts';
import type { AttendeeAssets } from './attendee-assets.ts';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import { createCalendarLinks } from './calendar-links.ts';
import { eventTimes, page, plainText } from './layout.ts';
import { sendHtml } from './send-html.ts';
import type { EventVisitor } from './event-app/admission.ts';

/** What the public registration pages read and do, each through its owner (studio.ts wires them). */
export interface RegistrationPagesDeps {
  publicEvent(eventId: string): Promise<PublicEvent | undefined>;
  publicSeries(seriesId: string): Promise<PublicSeries | undefined>;
  /** The event's registration form (the base fields only when it has none). */
  formOf(event: Pick<PublicEvent, 'id' | 'organizationId' | 'registrationForm'>): Promise<FormioData>;
  /** The registrant cancels (Registrations.changeStatus → CANCELED: frees the seat, promotes the waitlist). */
  cancelRegistration(organizationId: string, registrationId: string): Promise<void>;
  tokens: RegistrationTokens;
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The event's page as its organiser built it (or the default page), rendered; undefined for none. */
  builtPage(event: PublicEvent, kind: PageKind): Promise<BuiltPage | undefined>;
  /** The series' registration page as its organiser built it (or the default page), rendered. */
  builtSeriesPage(seriesId: string): Promise<BuiltPage | undefined>;
  /** Whether the visitor is registered, and their Enter Event button: event-app/admission.ts. */
  visitor(request: FastifyRequest, eventId: string): Promise<EventVisitor>;
  /**
   * Whether the event is open to its attendees now and not over (the one-hour rule, early entry):
   * the confirmation page tells a new registrant that their email's link enters it now.
   */
  openForEntry(event: Pick<PublicEvent, 'id' | 'start_time' | 'end_time' | 'event_type'>): Promise<boolean>;
  clock: () => Date;
}

export interface BuiltPage {
  title: string;
  description: string;
  /** The social-media thumbnail. */
  image?: string | null;
  html: string;
}

/** Instead of the form of an event that takes no registration: why, and its recording once it is over. */
const closedRegistration = (event: PublicEvent, now: Date) =>
  `<p class="registration-closed">${escapeHtml(registrationCodeMessages.REGISTRATION_CLOSED)}</p>` +
  (event.end_time <= now
    ? `<p><a class="button" href="${eventOnDemandPath(event.id)}">${escapeHtml(attendeePageMessages.watchRecording)}</a></p>`
    : '');

/** A registered visitor: the line that says so, and Enter Event once the event is open to them. */
const registeredNote = (enter: string) =>
  `<p class="registered-note">${escapeHtml(attendeePageMessages.registered)}</p>${enter}`;

/** A built page's Register buttons that lead to the form (not an ended event's replay). */
const registerCtas = (eventId: string) =>
  new RegExp(
    `<section class="page-block page-calltoaction"[^>]*><a [^>]*href="[^"]*${eventRegisterPath(eventId)}"[^>]*data-block-type="register_cta"[^>]*>[^<]*</a></section>`,
    'g',
  );

const REGISTER_SLOT = `<div ${PAGE_ISLAND_ATTRIBUTE}="register"></div>`;

/** A built page with the form in its Registration Form block (after the page when it has none). */
const withRegisterForm = (html: string, form: string) =>
  html.includes(REGISTER_SLOT) ? html.replace(REGISTER_SLOT, () => form) : `${html}${form}`;

export const notFoundPage = (subject: NotFoundSubject = 'event') =>
  page(
    attendeePageMessages.notFoundTitle,
    `<h1>${escapeHtml(attendeePageMessages.notFoundTitle)}</h1><p>${escapeHtml(attendeePageMessages.notFound(subject))}</p>`,
  );

const cancelMessagePage = (message: string) =>
  page(
    attendeePageMessages.cancelTitle,
    `<h1>${escapeHtml(attendeePageMessages.cancelTitle)}</h1><p>${escapeHtml(message)}</p>`,
  );

/**
 * The public registration pages of the attendee origin (issue 16 §0): the event's landing page,
 * its registration page and a series' (the form rendered here, posting to this origin's
 * `/api/event/{id}/register/` through the attendee bundle's script), and the cancel link of the
 * confirmation email.
 */
export function registerRegistrationPages(
  app: FastifyInstance,
  deps: RegistrationPagesDeps,
  assets: AttendeeAssets,
): { landingPage: (eventId: string) => Promise<{ title: string; html: string } | undefined> } {
  const { script } = assets;
  const calendarLinks = createCalendarLinks(deps);
  const eventHead = async (event: PublicEvent, path: string) => ({
    description: plainText(event.description),
    url: `${await deps.attendeeBaseUrl(event.organizationId)}${path}`,
    script,
  });
  /** Other sites read the social thumbnail: an upload's full address, on the page's own origin. */
  const socialImage = (image: string | null | undefined, pageUrl: string) =>
    image && absoluteFileUrl(image, new URL(pageUrl).origin);
  /** A built page's head: its own description and social image over its owner's. */
  const builtHead = <Head extends { description: string; url: string }>(built: BuiltPage, head: Head) => ({
    ...head,
    description: built.description || head.description,
    image: socialImage(built.image, head.url),
  });
  /**
   * A registration page: the organiser's built page with the form in its Registration Form block,
   * or, with none built, the owner's `plain` page.
   */
  const registerPage = (
    built: BuiltPage | undefined,
    form: string,
    head: { description: string; url: string; script: string | undefined },
    plain: { title: string; html: string },
  ) =>
    built
      ? page(
          attendeePageMessages.registerTitle(built.title),
          withRegisterForm(built.html, form),
          builtHead(built, head),
        )
      : page(attendeePageMessages.registerTitle(plain.title), plain.html, head);
  // Organisers' descriptions are sanitised when saved (platform/http/rich-text.ts).
  const description = (html: string | null) => (html ? `<div>${html}</div>` : '');

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      // A name posted more than once (a series' event boxes) keeps each value.
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(String(body))) {
        const held = fields[name];
        fields[name] = held === undefined ? value : [held, value].flat();
      }
      done(null, fields);
    },
  );

  /**
   * The event's landing page with this visitor's Enter Event button ('' for none); a registered
   * visitor is told so and offered no Register button.
   */
  async function landingPage(event: PublicEvent, enter: string, registered = false) {
    const built = await deps.builtPage(event, 'landing');
    const top = registered ? registeredNote(enter) : enter;
    const head = await eventHead(event, eventLandingPath(event.id));
    return built
      ? {
          title: built.title,
          html: top + (registered ? built.html.replace(registerCtas(event.id), '') : built.html),
          head: builtHead(built, head),
        }
      : {
          title: event.title,
          html:
            `<header class="page-hero"><h1 class="event-title">${escapeHtml(event.title)}</h1>${eventTimes(event)}</header>` +
            `${top}${description(event.description)}` +
            (registered
              ? ''
              : `<p><a class="button" href="${eventRegisterPath(event.id)}">${escapeHtml(attendeePageMessages.register)}</a></p>`),
          head,
        };
  }

  app.get<{ Params: { eventId: string } }>(eventLandingPath(':eventId'), async (request, reply) => {
    const event = await deps.publicEvent(request.params.eventId);
    if (!event) return sendHtml(reply, 404, notFoundPage());
    const { enterEvent, registered } = await deps.visitor(request, event.id);
    const landing = await landingPage(event, enterEvent, registered);
    return sendHtml(reply, 200, page(landing.title, landing.html, landing.head));
  });

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventRegisterPath(':eventId'),
    async (request, reply) => {
      const event = await deps.publicEvent(request.params.eventId);
      if (!event) return sendHtml(reply, 404, notFoundPage());
      const [form, built] = await Promise.all([deps.formOf(event), deps.builtPage(event, 'registration')]);
      const now = deps.clock();
      // The page reports its view to analytics (first-party, issue 35): the note says what is kept.
      // A visitor already registered (signed in through their magic link) is offered the event, not the form.
      const visitor = await deps.visitor(request, event.id);
      const formHtml = visitor.registered
        ? registeredNote(visitor.enterEvent)
        : registrationClosed({ ...event, is_blueprint: false }, now)
          ? closedRegistration(event, now)
          : registrationFormHtml({
              action: `/api/event/${event.id}/register/`,
              form,
              query: request.query,
              confirmation: eventRegisteredPath(event.id),
              refusal: registrationRefusalOf(request.query.error),
            }) + `<p class="muted privacy-note">${escapeHtml(ANALYTICS_PRIVACY_NOTE)}</p>`;
      const head = await eventHead(event, eventRegisterPath(event.id));
      return sendHtml(
        reply,
        200,
        registerPage(built, formHtml, head, {
          title: event.title,
          html:
            `<header class="page-hero"><h1 class="event-title">${escapeHtml(event.title)}</h1>${eventTimes(event)}</header>` +
            formHtml,
        }),
      );
    },
  );

  app.get<{ Params: { seriesId: string }; Querystring: Record<string, unknown> }>(
    seriesRegisterPath(':seriesId'),
    async (request, reply) => {
      const series = await deps.publicSeries(request.params.seriesId);
      if (!series) return sendHtml(reply, 404, notFoundPage('series'));
      // Every event's box starts ticked, so the form asked is its first event's (`seriesFormEventOf`).
      const [first] = series.events;
      const body = first
        ? registrationFormHtml({
            action: `/api/event/series/${series.id}/register/`,
            form: await deps.formOf({ ...first, organizationId: series.organization_id }),
            query: request.query,
            events: series.events,
            confirmation: seriesRegisteredPath(series.id),
            refusal: registrationRefusalOf(request.query.error),
          })
        : `<p class="muted">${escapeHtml(attendeePageMessages.noUpcomingEvents)}</p>`;
      const built = await deps.builtSeriesPage(series.id);
      const head = {
        description: plainText(series.description),
        url: `${await deps.attendeeBaseUrl(series.organization_id)}${seriesRegisterPath(series.id)}`,
        script,
      };
      return sendHtml(
        reply,
        200,
        registerPage(built, body, head, {
          title: series.name,
          // Its description, cleaned again here: one stored before descriptions were cleaned on save may hold anything.
          html: `<h1>${escapeHtml(series.name)}</h1>${description(series.description && sanitizeRichText(series.description))}${body}`,
        }),
      );
    },
  );

  // The series' outcome (its form posted, with or without JavaScript): each chosen event's outcome
  // (its titles and the spec's messages only; a result naming another event or an unknown outcome
  // shows nothing made up), and each registered event's add-to-calendar links, as an event's confirmation.
  app.get<{ Params: { seriesId: string }; Querystring: Record<string, unknown> }>(
    seriesRegisteredPath(':seriesId'),
    async (request, reply) => {
      const series = await deps.publicSeries(request.params.seriesId);
      if (!series) return sendHtml(reply, 404, notFoundPage('series'));
      const { results } = request.query;
      const outcomes = new Map(
        (typeof results === 'string' ? results : '')
          .split(',')
          .map((result) => result.split(':') as [string, string | undefined]),
      );
      const chosen = series.events.filter((event) => outcomes.has(event.id));
      const told = await Promise.all(
        chosen.map(async (event) => {
          const outcome = outcomes.get(event.id) ?? '';
          const message = isRegistrationOutcomeKey(outcome)
            ? registrationOutcomeMessages[outcome]
            : (registrationRefusalOf(outcome) ?? registrationMessages.registrationFailed);
          // An event open now: its way in (the series' call handed a new registrant's browser a
          // pass on the event's paths; anyone else's email link enters, as the event's page says).
          const enter =
            outcome === 'REGISTRATION' && (await deps.openForEntry(event))
              ? ` <a href="${eventAppPath(event.id)}">${escapeHtml(eventAppMessages.enterEvent)}</a>`
              : '';
          return `<li><strong>${escapeHtml(event.title)}</strong>: ${escapeHtml(message)}${enter}</li>`;
        }),
      );
      const registered = chosen.filter((event) => outcomes.get(event.id) === 'REGISTRATION');
      const calendars = await Promise.all(
        registered.map(async ({ id }) => {
          const event = await deps.publicEvent(id);
          return event ? calendarLinks.section(event, { named: registered.length > 1 }) : '';
        }),
      );
      // Nothing to tell: the form.
      if (told.length === 0)
        return reply.status(303).header('location', seriesRegisterPath(series.id)).send();
      return sendHtml(
        reply,
        200,
        page(
          series.name,
          `<h1>${escapeHtml(series.name)}</h1><div class="alert" role="status"><ul>${told.join('')}</ul></div>` +
            calendars.join(''),
          { script },
        ),
      );
    },
  );

  /** The registration a cancel token names in this event, with the event; undefined when it names none. */
  async function cancelTarget(eventId: string, token: unknown) {
    const read = typeof token === 'string' ? deps.tokens.read('cancel', token) : null;
    const event = read && read.eventId === eventId ? await deps.publicEvent(eventId) : undefined;
    return read && event ? { event, registrationId: read.subjectId, token: token as string } : undefined;
  }

  app.get<{ Params: { eventId: string }; Querystring: Record<string, unknown> }>(
    eventCancelPath(':eventId'),
    async (request, reply) => {
      const target = await cancelTarget(request.params.eventId, request.query.token);
      if (!target) return sendHtml(reply, 400, cancelMessagePage(attendeePageMessages.cancelLinkInvalid));
      const { event } = target;
      return sendHtml(
        reply,
        200,
        page(
          attendeePageMessages.cancelTitle,
          `<h1>${escapeHtml(attendeePageMessages.cancelTitle)}</h1>${eventTimes(event)}` +
            `<p>${escapeHtml(attendeePageMessages.cancelQuestion(event.title))}</p>` +
            `<form method="post" action="${eventCancelPath(event.id)}"><input type="hidden" name="token" value="${escapeHtml(
              target.token,
            )}"><button class="button" type="submit">${escapeHtml(attendeePageMessages.cancelConfirm)}</button></form>`,
        ),
      );
    },
  );

  app.post<{ Params: { eventId: string }; Body: Record<string, unknown> | undefined }>(
    eventCancelPath(':eventId'),
    async (request, reply) => {
      const target = await cancelTarget(request.params.eventId, request.body?.token);
      if (!target) return sendHtml(reply, 400, cancelMessagePage(attendeePageMessages.cancelLinkInvalid));
      try {
        await deps.cancelRegistration(target.event.organizationId, target.registrationId);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        const notFound = error.status === 404;
        return sendHtml(
          reply,
          notFound ? 400 : 409,
          cancelMessagePage(
            notFound ? attendeePageMessages.cancelLinkInvalid : attendeePageMessages.cancelNotPossible,
          ),
        );
      }
      return sendHtml(reply, 200, cancelMessagePage(attendeePageMessages.canceled));
    },
  );

  return {
    /** The landing page as a visitor without a sign-in sees it (the branding preview's splash). */
    landingPage: async (eventId) => {
      const event = await deps.publicEvent(eventId);
      return event && landingPage(event, '');
    },
  };
}
