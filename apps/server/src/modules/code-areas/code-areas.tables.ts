import type { Generated } from 'kysely';

/** Migration 0023: an event's code areas and tracking snippet ('' when empty). */
export interface EventCodeAreasTable {
  event_id: string;
  organization_id: string;
  head: Generated<string>;
  body: Generated<string>;
  form_submission: Generated<string>;
  add_to_calendar: Generated<string>;
  register_cta_click: Generated<string>;
  custom_cta_click: Generated<string>;
  body_section_script: Generated<string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** Migration 0027: an organisation's code areas on its hub pages (JavaScript embeds). */
export interface OrganizationCodeAreasTable {
  organization_id: string;
  head: Generated<string>;
  body: Generated<string>;
  form_submission: Generated<string>;
  add_to_calendar: Generated<string>;
  register_cta_click: Generated<string>;
  custom_cta_click: Generated<string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface CodeAreasTables {
  event_code_areas: EventCodeAreasTable;
  organization_code_areas: OrganizationCodeAreasTable;
}
