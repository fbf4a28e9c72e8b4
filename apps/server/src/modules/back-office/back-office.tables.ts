import type { HubPagesTables } from './hub-pages/hub-pages.tables.ts';
import type { SeriesTables } from './series/series.tables.ts';
import type { TagsTables } from './tags/tags.tables.ts';
import type { TemplatesTables } from './templates/templates.tables.ts';
import type { WorkflowsTables } from './workflows/workflows.tables.ts';
import type { EventsTables } from './events/events.tables.ts';

/** The tables of the events area (migration 0004), each declared by the module that owns it. */
export interface BackOfficeTables
  extends EventsTables, SeriesTables, TagsTables, TemplatesTables, HubPagesTables, WorkflowsTables {}
