import type { Generated, JSONColumnType } from 'kysely';

/** A studio (event) template (migration 0004); `settings` holds the domain's TemplateSettings. */
export interface StudioTemplateTable {
  id: Generated<string>;
  organization_id: string;
  workspace_id: string | null;
  title: string;
  registration_form_data: JSONColumnType<
    { id: string; is_global_form: boolean } | null,
    string | null | undefined,
    string | null
  >;
  settings: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  source_event_id: string | null;
  /** The buffer video (migration 0007). */
  stage_roll_video_asset_id: string | null;
  /** Branding (migration 0030): the event-level fields and the theme, '{}' until first saved. */
  branding: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  theme_obj: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** The filler slide (002 §3.3; migration 0031). */
  filler_slide_id: string | null;
  /** The hidden event holding the template's programme (migration 0017). */
  programme_event_id: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TemplatesTables {
  studio_templates: StudioTemplateTable;
}
