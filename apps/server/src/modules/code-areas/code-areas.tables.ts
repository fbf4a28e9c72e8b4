import type { PageCodeArea } from '@studio/domain';
import type { Generated } from 'kysely';

/** A page's six code areas ('' when empty): an event's row and an organisation's hold them alike. */
export type CodeAreaColumns = Record<PageCodeArea, Generated<string>>;

/** Migration 0023: an event's code areas and tracking snippet ('' when empty). */
export interface EventCodeAreasTable extends CodeAreaColumns {
  event_id: string;
  organization_id: string;
  body_section_script: Generated<string>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** Migration 0027: an organisation's code areas on its hub pages (JavaScript embeds). */
export interface OrganizationCodeAreasTable extends CodeAreaColumns {
  organization_id: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** Migration 0046: a series' or a template's code areas and tracking snippet, as an event's. */
type ContextCodeAreasTable<Owner extends string> = Omit<EventCodeAreasTable, 'event_id'> &
  Record<Owner, string>;

export interface CodeAreasTables {
  event_code_areas: EventCodeAreasTable;
  series_code_areas: ContextCodeAreasTable<'series_id'>;
  template_code_areas: ContextCodeAreasTable<'template_id'>;
  organization_code_areas: OrganizationCodeAreasTable;
}
