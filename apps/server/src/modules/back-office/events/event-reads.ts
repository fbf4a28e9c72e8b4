import type { EventRecord } from './events.repository.ts';

// The event as other areas read it (the event core's port, event-core.service.ts): no studio
// answer and no caller; each area gets the fields it needs.

/** What the programme (agenda, rooms, booths, surveys) knows of the event it belongs to. */
export interface ProgrammeEvent {
  id: string;
  title: string;
  organizationId: string;
  workspaceId: string | null;
  start_time: Date;
  end_time: Date;
  timezone: string;
  event_type: EventRecord['event_type'];
  host_type: EventRecord['host_type'];
  series_id: string | null;
  /** The repeating event (series with a recurrence) this event is an occurrence of; null otherwise. */
  repeatingSeriesId: string | null;
  created_at: Date;
  description: string | null;
  location: string | null;
}

/** An event's registration form (`registration_form_data`). */
export type RegistrationFormLink = { id: string; is_global_form: boolean };

/** An event as its public pages show it. */
export interface PublicEvent extends ProgrammeEvent {
  /** What its pages wear (the documents as stored; the attendee site fills the defaults). */
  branding: StoredBranding;
  /** The form its registration page asks (none: the base fields only). */
  registrationForm: RegistrationFormLink | null;
  /** Its calendar entry's version (the .ics a visitor downloads matches the invitations sent). */
  calendar_sequence: number;
  /** Whether it takes registrations (`registrationClosed`). */
  is_ready: boolean;
}

/** A series as its public registration page shows it. */
export interface PublicSeries {
  id: string;
  name: string;
  description: string | null;
  location: string | null;
  organization_id: string;
  events: {
    id: string;
    title: string;
    event_type: ProgrammeEvent['event_type'];
    start_time: Date;
    end_time: Date;
    timezone: string;
    registrationForm: RegistrationFormLink | null;
  }[];
}

/** An event's schedule, as the people's emails tell it. */
export type ScheduledEvent = Pick<
  ProgrammeEvent,
  'id' | 'title' | 'organizationId' | 'start_time' | 'end_time' | 'timezone' | 'location' | 'host_type'
>;

/** The fields every read of an event shares. */
export const toProgrammeEvent = (event: EventRecord): ProgrammeEvent => ({
  id: event.id,
  title: event.title,
  organizationId: event.organization_id,
  workspaceId: event.workspace_id,
  start_time: event.start_time,
  end_time: event.end_time,
  timezone: event.timezone,
  event_type: event.event_type,
  host_type: event.host_type,
  series_id: event.series_id,
  repeatingSeriesId: event.occurrence_key && event.series_is_repeating ? event.series_id : null,
  created_at: event.created_at,
  description: event.description,
  location: event.location,
});

/** What registration knows of an event: its schedule and state (its settings are registration's own). */
export interface RegistrationEvent extends ProgrammeEvent {
  is_ready: boolean;
  is_blueprint: boolean;
  /** The event's calendar entry version (rises with each reschedule): its invitations' SEQUENCE. */
  calendar_sequence: number;
}

/** An event as its stage reads it (no caller). */
export interface StageEvent extends ProgrammeEvent {
  bufferVideoId: string | null;
  fillerSlideId: string | null;
}

/** An event's or template's stored branding (its two jsonb documents). */
export interface StoredBranding {
  branding: Readonly<Record<string, unknown>>;
  theme_obj: Readonly<Record<string, unknown>>;
}
