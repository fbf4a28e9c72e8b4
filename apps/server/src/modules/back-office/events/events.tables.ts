import type { EventType, HostType } from '@studio/domain';
import type { ColumnType, Generated } from 'kysely';

/** jsonb: read as a value, written as JSON text. */
type Json<T> = ColumnType<T, string | null | undefined, string | null>;

/**
 * An event (migration 0004). Later areas (agenda, people, branding …) hang off `events.id`; its
 * `builder_raw_json` is its registration page, kept by the pages area (migration 0029).
 */
export interface EventTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string | null;
  series_id: string | null;
  /** The local date naming an occurrence of a repeating event. */
  occurrence_key: string | null;
  title: string;
  description: string | null;
  event_type: EventType;
  host_type: HostType;
  start_time: Date;
  end_time: Date;
  timezone: string;
  location: string | null;
  is_blueprint: Generated<boolean>;
  /** A hidden event holding a template's programme (migration 0017): in no list. */
  holds_template_programme: Generated<boolean>;
  registration_form: string | null;
  registration_form_data: Json<{ id: string; is_global_form: boolean } | null>;
  marketo_campaign_id: string | null;
  salesforce_campaign_id: string | null;
  wistia_project_id: string | null;
  pardot_list: Json<{ activity_type: string; list_id: string | number } | null>;
  integration_config_updated: Generated<boolean>;
  template_id: string | null;
  /** The buffer video (migration 0007). */
  stage_roll_video_asset_id: string | null;
  /** Branding (migration 0030): the event-level fields and the theme, '{}' until first saved. */
  branding: Json<Record<string, unknown>>;
  theme_obj: Json<Record<string, unknown>>;
  /** The filler slide (002 §3.3; migration 0031). */
  filler_slide_id: string | null;
  duplicated_from: string | null;
  calendar_sequence: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EventTagTable {
  event_id: string;
  tag_id: string;
  created_at: Generated<Date>;
}

export interface EventCalendarInviteTable {
  event_id: string;
  email: string;
  sequence: number;
  sent_at: Generated<Date>;
}

export interface EventsTables {
  events: EventTable;
  event_tags: EventTagTable;
  event_calendar_invites: EventCalendarInviteTable;
}
