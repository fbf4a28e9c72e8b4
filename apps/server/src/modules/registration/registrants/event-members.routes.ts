import { z } from 'zod';
import {
  addEventMemberSchema,
  BASE_FORM_KEYS,
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
import { answersRefused, registrantOfSubmission, type RegistrationFormFor } from '../registrant-answers.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventEditors } from '../../../platform/http/access-rules.ts';

const tags = ['registration'];

/** The studio's registrant moderation: a status change and a registration by hand (002 §7.13). */
export function registerEventMembersRoutes(
  app: HttpServer,
  deps: {
    registrations: RegistrationsService;
    events: Pick<EventCore, 'programmeEventOf'>;
    formFor: RegistrationFormFor;
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
      const { event: eventId, form_id, send_email, answers, company, title, ...named } = body;
      const { event } = await events.programmeEventOf(caller, eventId, 'event:update');
      // The answers are checked against the form as the attendee's own (the base fields with them).
      const form = await deps.formFor(event.organizationId, event.id, form_id);
      const checked = registrantOfSubmission(form.formio_data, { ...answers, ...named });
      if (!checked.ok)
        throw answersRefused(checked.errors, (key) =>
          (BASE_FORM_KEYS as readonly string[]).includes(key) ? key : `answers.${key}`,
        );
      await registrations.enqueueAddMember({
        organizationId: event.organizationId,
        eventId: event.id,
        person: { ...(company ? { company } : {}), ...(title ? { title } : {}), ...checked.person },
        answers: checked.answers,
        formId: form.formId,
        sendEmail: send_email,
      });
      return { message: registrationMessages.registeredByHand };
    },
  );
}
