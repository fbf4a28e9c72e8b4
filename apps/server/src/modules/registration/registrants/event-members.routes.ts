import { z } from 'zod';
import {
  addEventMemberSchema,
  eventMemberSchema,
  registrationMessages,
  updateEventMemberSchema,
} from '@studio/domain';
import type { Caller } from '../../../platform/http/caller.ts';
import { guard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { RegistrationsService } from './registrations.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventEditors } from '../../../platform/http/access-rules.ts';

const tags = ['registration'];

/** The studio's registrant moderation: a status change and a registration by hand (002 §7.13). */
export function registerEventMembersRoutes(
  app: HttpServer,
  deps: {
    registrations: RegistrationsService;
    events: Pick<EventCore, 'programmeEventOf'>;
  },
): void {
  const route = routesOf(app, tags);
  const { registrations, events } = deps;
  /** The registration, of an event the caller may change (else 404, before the body). */
  const moderated = guard({
    permission: 'event:update',
    load: async (caller: Caller, id: string) => {
      const member = await registrations.member(caller.organizationId ?? '', id);
      if (!member) return undefined;
      await events.programmeEventOf(caller, member.event, 'event:update');
      return member;
    },
  });

  route.patch(
    '/api/event/event-members/:id/',
    moderated,
    { params: idParams, body: updateEventMemberSchema, answer: eventMemberSchema },
    ({ caller, params, body }) =>
      registrations.changeStatus(caller.organizationId, params.id, body.event_user_status),
  );

  route.post(
    '/api/event/event-members/',
    eventEditors,
    { body: addEventMemberSchema, answer: z.object({ message: z.string() }), status: 202 },
    async ({ caller, body }) => {
      const { event: eventId, send_email, email, first_name, last_name, company, title } = body;
      const { event } = await events.programmeEventOf(caller, eventId, 'event:update');
      await registrations.enqueueAddMember({
        organizationId: event.organizationId,
        eventId: event.id,
        person: {
          email,
          first_name,
          last_name,
          ...(company ? { company } : {}),
          ...(title ? { title } : {}),
        },
        sendEmail: send_email,
      });
      return { message: registrationMessages.registeredByHand };
    },
  );
}
