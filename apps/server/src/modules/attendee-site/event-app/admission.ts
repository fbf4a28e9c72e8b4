import type { FastifyRequest } from 'fastify';
import { EVENT_ROLES, eventAppMessages, eventAppPath } from '@studio/domain';
import { escapeHtml } from '../../../platform/mail/mail.ts';
import type { Entrance } from '../entrance.ts';
import type { EventAppService } from './event-app.service.ts';

/** How the attendee site reads the event's cookie and checks its token (attendee-site.ts). */
export interface AdmissionContext {
  eventAccessCookie: string;
  entrance: Entrance;
}

/** Who the event's cookie admits into the event app, and whether the app is open to them now. */
export function createAdmission(context: AdmissionContext, eventApp: EventAppService) {
  /** The person the request's cookie admits into the event (blocked, cancelled, rejected: none). */
  async function admitted(request: FastifyRequest, eventId: string) {
    const token = request.cookies[context.eventAccessCookie];
    return token ? context.entrance.admit(eventId, token) : undefined;
  }
  type Admitted = NonNullable<Awaited<ReturnType<typeof admitted>>>;

  /** The one-hour rule holds for attendees; speakers, staff and sponsors come in early to prepare. */
  const isOpenTo = (found: Admitted): boolean =>
    found.role !== EVENT_ROLES.ATTENDEE || eventApp.isOpen(found.event, found.settings);

  return {
    admitted,
    isOpenTo,
    /** Whether the browser brings a link of the event at all (a wrong one is told apart from none). */
    bringsLink: (request: FastifyRequest) => Boolean(request.cookies[context.eventAccessCookie]),
    /** Whether the request's magic link cookie admits a person registered for the event (any role). */
    isRegistered: async (request: FastifyRequest, eventId: string): Promise<boolean> =>
      Boolean(await admitted(request, eventId)),
    /**
     * The landing page's Enter Event button (issue 17 §3): for a person whose magic link's cookie
     * admits them, once the event is open to them (the one-hour rule, `disable_enter_event_button`);
     * '' for everyone else.
     */
    async enterEventButton(request: FastifyRequest, eventId: string): Promise<string> {
      const found = await admitted(request, eventId);
      if (!found || !isOpenTo(found)) return '';
      return `<p><a class="button" href="${eventAppPath(found.event.id)}">${escapeHtml(
        eventAppMessages.enterEvent,
      )}</a></p>`;
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
