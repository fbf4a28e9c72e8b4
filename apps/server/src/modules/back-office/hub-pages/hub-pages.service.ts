import {
  copyName,
  eventServerMessages,
  HUB_PAGE_NAME_MAX_LENGTH,
  hubPageScopeQuery,
  type HubPage,
  type HubPageListQuery,
  type UpdateHubPageRequest,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { checkOrganization, type Scope, type Scopes } from '../event-scope.ts';
import type { EventCore } from '../events/event-core.service.ts';
import type { HubPageRecord, HubPagesRepository } from './hub-pages.repository.ts';
import { PLAN_FEATURE_OF } from '@studio/domain';
import { requirePlanFeature } from '../plan-gates.ts';
import { workspaceRefOf } from '../workspace-ref.ts';

/** Event hub pages: a named page listing events (the page builder is a later issue). */
export function createHubPagesService(deps: {
  db: Executor;
  hubPages: HubPagesRepository;
  scopes: Scopes;
  events: EventCore;
}) {
  const { db, hubPages, scopes } = deps;

  const { visible: visiblePage, ...guardLoad } = scopes.itemsOf(hubPages);

  /** The listed events: each one the caller sees, no repeats, in the given order. */
  async function listedEvents(scope: Scope, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const visible = await deps.events.visibleIds(scope, unique);
    if (visible.length !== unique.length) throw fieldError('events', eventServerMessages.eventNotFound);
    return unique;
  }

  async function insertPage(
    scope: Scope,
    page: { name: string; workspace_id: string | null; events: string[] },
  ): Promise<string> {
    return db.transaction().execute(async (tx) => {
      const id = await hubPages.insert(
        {
          organization_id: scope.organizationId,
          workspace_id: page.workspace_id,
          name: page.name,
          created_by: scope.userId,
        },
        tx,
      );
      await hubPages.setEvents(id, page.events, tx);
      return id;
    });
  }

  return {
    /** For the attendee site's hub page (no caller): its organisation, or undefined. */
    organizationOfPage: (id: string) => hubPages.organizationOf(id),

    /** The route guard's scope and load of the hub page the path names. */
    ...guardLoad,

    async list(caller: Caller, query: HubPageListQuery, page: PageRequest): Promise<Counted<HubPage>> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const byScope = query.scope ? hubPageScopeQuery(query.scope) : {};
      const { count, rows } = await hubPages.list(
        scope,
        {
          name: query.name || undefined,
          workspace: query.workspace,
          workspace__isnull: query.workspace__isnull ?? byScope.workspace__isnull,
          ordering: query.ordering,
        },
        page,
      );
      return { count, results: rows.map(toHubPage) };
    },

    /** The attendee site's hub page (issue 17 §2, no caller): its name and the events it lists. */
    async publicHubPage(id: string): Promise<HubPage | undefined> {
      const found = await hubPages.findById(id);
      return found && toHubPage(found);
    },

    async get(caller: Caller, id: string): Promise<HubPage> {
      return toHubPage(await visiblePage(await scopes.scopeOf(caller, 'event:read'), id));
    },

    async create(
      caller: Caller,
      request: {
        name: string;
        organization?: string | undefined;
        workspace?: string | null | undefined;
        events?: string[] | undefined;
      },
    ) {
      const scope = await scopes.scopeOf(caller, 'event:create');
      requirePlanFeature(scope, PLAN_FEATURE_OF.hubPage);
      checkOrganization(scope, request.organization);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace);
      const id = await insertPage(scope, {
        name: request.name,
        workspace_id: workspaceId,
        events: await listedEvents(scope, request.events ?? []),
      });
      return toHubPage(await visiblePage(scope, id));
    },

    /** Name, workspace and the events it lists. */
    /** PATCH of the hub page the guard loaded with its scope. */
    async update(
      { scope, object: page }: { scope: Scope; object: HubPageRecord },
      request: UpdateHubPageRequest,
    ): Promise<HubPage> {
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, page.workspace_id);
      const events = request.events ? await listedEvents(scope, request.events) : undefined;
      await db.transaction().execute(async (tx) => {
        await hubPages.update(
          scope.organizationId,
          page.id,
          { name: request.name, workspace_id: workspaceId },
          tx,
        );
        if (events) await hubPages.setEvents(page.id, events, tx);
      });
      return toHubPage(await visiblePage(scope, page.id));
    },

    /** A copy of the hub page the guard loaded with its scope. */
    async duplicate(
      { scope, object: page }: { scope: Scope; object: HubPageRecord },
      request: { name?: string | undefined; workspace?: string | null | undefined },
    ) {
      requirePlanFeature(scope, PLAN_FEATURE_OF.hubPage);
      const copyId = await insertPage(scope, {
        name: request.name ?? copyName(page.name, HUB_PAGE_NAME_MAX_LENGTH),
        workspace_id: await scopes.workspaceFor(scope, request.workspace, page.workspace_id),
        events: page.events.map((event) => event.id),
      });
      return toHubPage(await visiblePage(scope, copyId));
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const scope = await scopes.scopeOf(caller, 'event:delete');
      const page = await visiblePage(scope, id);
      if (!(await hubPages.delete(scope.organizationId, page.id))) throw notFound();
    },
  };
}

export type HubPagesService = ReturnType<typeof createHubPagesService>;

function toHubPage(record: HubPageRecord): HubPage {
  return {
    ...sameFields(record, ['id', 'name', 'events']),
    organization: record.organization_id,
    workspace: workspaceRefOf(record),
    ...timestampsOf(record),
  };
}
