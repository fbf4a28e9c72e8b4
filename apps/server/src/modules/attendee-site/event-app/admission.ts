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
    /** What the event's pages offer this visitor, from one read of their magic link's cookie. */
    async visitor(request: FastifyRequest, eventId: string): Promise<EventVisitor> {
      const found = await admitted(request, eventId);
      return {
        registered: Boolean(found),
        enterEvent:
          found && isOpenTo(found)
            ? `<p><a class="button" href="${eventAppPath(found.event.id)}">${escapeHtml(eventAppMessages.enterEvent)}</a></p>`
            : '',
      };
    },
  };
}

/** A visitor of the event's landing, registration and confirmation pages. */
export interface EventVisitor {
  /** Whether their cookie admits a person registered for the event (any role). */
  registered: boolean;
  /**
   * The Enter Event button (issue 17 §3): once the event is open to them (the one-hour rule,
   * `disable_enter_event_button`); '' for everyone else.
   */
  enterEvent: string;
}

export type Admission = ReturnType<typeof createAdmission>;
