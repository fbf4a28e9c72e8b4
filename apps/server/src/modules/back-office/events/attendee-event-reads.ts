import type { Executor } from '../../../platform/db/executor.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventsRepository } from './events.repository.ts';
import {
  toProgrammeEvent,
  type PublicEvent,
  type PublicSeries,
  type RegistrationEvent,
  type RegistrationFormLink,
} from './event-reads.ts';

/**
 * What registration and the attendee origin read of events, with no caller (part of the event
 * core): the event with its registration settings, its form, and what its public pages show.
 */
export function createAttendeeEventReads(events: EventsRepository) {
  return {
    /**
     * For registration (no caller): the event with its registration settings, by id; with `lock`,
     * its row stays locked until `tx` ends (capacity is checked one writer at a time).
     */
    async registrationEventOf(
      id: string,
      tx: Executor,
      lock: boolean,
    ): Promise<RegistrationEvent | undefined> {
      if (!isUuid(id)) return undefined;
      const event = lock ? await events.lockForRegistration(id, tx) : await events.findById(id, tx);
      if (!event || event.holds_template_programme) return undefined;
      return {
        ...toProgrammeEvent(event),
        is_ready: event.is_ready,
        is_blueprint: event.is_blueprint,
        calendar_sequence: event.calendar_sequence,
      };
    },

    /** For a series registration (no caller): the ids of a series' events that have not ended. */
    async registrableEventsOfSeries(
      seriesId: string,
      now: Date,
    ): Promise<{ organizationId: string; eventIds: string[] } | undefined> {
      if (!isUuid(seriesId)) return undefined;
      const rows = await events.notEndedOfSeries(seriesId, now);
      const first = rows[0];
      return first && { organizationId: first.organization_id, eventIds: rows.map((row) => row.id) };
    },

    /** Registration forms (issue 16): the form an event asks (`registration_form_data`), any organisation. */
    async registrationFormOf(
      eventId: string,
      tx?: Executor,
    ): Promise<{ organizationId: string; form: RegistrationFormLink | null } | undefined> {
      const event = await events.findById(eventId, tx);
      return event && { organizationId: event.organization_id, form: event.registration_form_data };
    },

    /** Makes `form` (or none) the event's registration form. */
    async setRegistrationForm(
      organizationId: string,
      eventId: string,
      form: RegistrationFormLink | null,
      tx?: Executor,
    ): Promise<void> {
      await events.update(
        organizationId,
        eventId,
        { registration_form: form?.id ?? null, registration_form_data: JSON.stringify(form) },
        tx,
      );
    },

    /** How many events ask each of these forms (forms not asked are absent). */
    async registrationFormUsage(
      organizationId: string,
      formIds: readonly string[],
      tx?: Executor,
    ): Promise<Map<string, number>> {
      const rows = await events.registrationFormUsage(organizationId, formIds, tx);
      return new Map(rows.map((row) => [row.registration_form ?? '', Number(row.count)]));
    },

    /**
     * For the attendee origin's public pages (no caller): the event with what its pages show;
     * undefined for blueprints and templates' programmes, which are never public.
     */
    async publicEventById(id: string): Promise<PublicEvent | undefined> {
      const event = isUuid(id) ? await events.findById(id) : undefined;
      if (!event || event.holds_template_programme || event.is_blueprint) return undefined;
      return {
        ...toProgrammeEvent(event),
        branding: { branding: event.branding, theme_obj: event.theme_obj },
        registrationForm: event.registration_form_data,
        calendar_sequence: event.calendar_sequence,
        is_ready: event.is_ready,
      };
    },

    /** For the attendee origin's series page: the series and its events not yet ended. */
    publicSeries: (seriesId: string): Promise<PublicSeries | undefined> =>
      isUuid(seriesId) ? events.publicSeries(seriesId, new Date()) : Promise.resolve(undefined),
  };
}
