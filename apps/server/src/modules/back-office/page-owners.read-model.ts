import { sql, type Expression, type RawBuilder } from 'kysely';

/** An owner of built pages as `pageOwnersReadModel.ownerOf` reads it. */
export interface PageOwnerRow {
  title: string;
  /** The event type of an event, series or template ('Webinar' …); null for a hub page. */
  event_type: string | null;
  created_at: Date;
}

/**
 * What other modules' queries may read of the owners of built pages (events, series, templates,
 * hub pages), written by the back office that owns them.
 */
export const pageOwnersReadModel = {
  /**
   * The owner (a page owner type and id: column references of the asking row), a parenthesised query
   * the asking row joins laterally; no row when it is none of them.
   */
  ownerOf(ownerType: Expression<string>, ownerId: Expression<string>): RawBuilder<PageOwnerRow> {
    return sql<PageOwnerRow>`(select events.title, events.event_type, events.created_at from events
        where ${ownerType} = 'event' and events.id = ${ownerId}
      union all select series.name, series.event_type, series.created_at from series
        where ${ownerType} = 'series' and series.id = ${ownerId}
      union all select studio_templates.title, studio_templates.settings ->> 'event_type',
          studio_templates.created_at from studio_templates
        where ${ownerType} = 'template' and studio_templates.id = ${ownerId}
      union all select hub_pages.name, null, hub_pages.created_at from hub_pages
        where ${ownerType} = 'hub_page' and hub_pages.id = ${ownerId})`;
  },
};
