import type { Updateable } from 'kysely';
import type { HubPageOrdering } from '@studio/domain';
import { workspacesReadModel } from '../../workspaces/workspaces.read-model.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { findVisible, pageOfNamed, type Scope } from '../event-scope.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { HubPageTable } from './hub-pages.tables.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';

/** The only code that touches hub pages and the events they list (events are read for names). */
export function createHubPagesRepository(db: Executor) {
  const withWorkspace = (tx: Executor) =>
    tx
      .selectFrom('hub_pages')
      .selectAll('hub_pages')
      .select(workspacesReadModel.nameOf('hub_pages.workspace_id').as('workspace_name'));

  type Row = Awaited<ReturnType<ReturnType<typeof withWorkspace>['executeTakeFirstOrThrow']>>;

  async function withEvents(rows: Row[], tx: Executor) {
    const ids = rows.map((row) => row.id);
    const listed =
      ids.length === 0
        ? []
        : await tx
            .selectFrom('hub_page_events')
            .innerJoin('events', 'events.id', 'hub_page_events.event_id')
            .select([
              'hub_page_events.hub_page_id',
              'events.id',
              'events.title',
              'events.start_time',
              'events.end_time',
              'events.timezone',
              'events.event_type',
            ])
            .where('hub_page_events.hub_page_id', 'in', ids)
            .orderBy('hub_page_events.position')
            .execute();
    return rows.map((row) => ({
      ...row,
      events: listed
        .filter((event) => event.hub_page_id === row.id)
        .map((event) => ({
          id: event.id,
          title: event.title,
          start_time: event.start_time.toISOString(),
          end_time: event.end_time.toISOString(),
          timezone: event.timezone,
          event_type: event.event_type,
        })),
    }));
  }

  return {
    async list(
      scope: Scope,
      filter: {
        name?: string | undefined;
        workspace?: string[] | undefined;
        workspace__isnull?: boolean | undefined;
        ordering: HubPageOrdering;
      },
      page: PageRequest,
      tx: Executor = db,
    ) {
      const named = { ...filter, search: filter.name };
      const { count, rows } = await pageOfNamed(
        tx,
        scope,
        'hub_pages',
        'name',
        named,
        withWorkspace(tx),
        page,
      );
      return { count, rows: await withEvents(rows, tx) };
    },

    async find(scope: Scope, id: string, tx: Executor = db) {
      const row = await findVisible(withWorkspace(tx), scope, 'hub_pages', id);
      return row ? (await withEvents([row], tx))[0] : undefined;
    },

    /** Any organisation's page (the attendee site's public reading). */
    async findById(id: string, tx: Executor = db) {
      if (!isUuid(id)) return undefined;
      const row = await withWorkspace(tx).where('hub_pages.id', '=', id).executeTakeFirst();
      return row ? (await withEvents([row], tx))[0] : undefined;
    },

    /** A hub page's organisation, for its public page (no caller). */
    async organizationOf(id: string, tx: Executor = db): Promise<string | undefined> {
      if (!isUuid(id)) return undefined;
      const row = await tx
        .selectFrom('hub_pages')
        .select('organization_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.organization_id;
    },

    async insert(
      row: { organization_id: string; workspace_id: string | null; name: string; created_by: string },
      tx: Executor = db,
    ): Promise<string> {
      return (await tx.insertInto('hub_pages').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async update(
      organizationId: string,
      id: string,
      changes: Updateable<HubPageTable>,
      tx: Executor = db,
    ): Promise<void> {
      await organizationRows.update(tx, 'hub_pages', organizationId, id, {
        ...changes,
        updated_at: new Date(),
      });
    },

    /** The page lists exactly these events, in this order. */
    async setEvents(hubPageId: string, eventIds: string[], tx: Executor = db): Promise<void> {
      await tx.deleteFrom('hub_page_events').where('hub_page_id', '=', hubPageId).execute();
      if (eventIds.length > 0) {
        await tx
          .insertInto('hub_page_events')
          .values(
            eventIds.map((eventId, position) => ({ hub_page_id: hubPageId, event_id: eventId, position })),
          )
          .execute();
      }
    },

    delete(organizationId: string, id: string, tx: Executor = db): Promise<boolean> {
      return organizationRows.delete(tx, 'hub_pages', organizationId, id);
    },
  };
}

export type HubPagesRepository = ReturnType<typeof createHubPagesRepository>;
export type HubPageRecord = NonNullable<Awaited<ReturnType<HubPagesRepository['find']>>>;
