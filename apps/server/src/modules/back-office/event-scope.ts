import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  brandingMessages,
  eventServerMessages,
  nonBrandingFields,
  patchPermissions,
  type Permission,
  type PricingConfig,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PagedRows, type PageWindow } from '../../platform/db/paged-list.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import {
  hasPermission,
  requirePermission,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';

/** What the events area needs to know about the caller's organisation. */
export interface OrganizationSettings {
  isWorkspaceEnabled: boolean;
  notUseRegistrantCounts: boolean;
  /** The plan's features (spec 002 §6); absent: nothing is gated, as for a no-tier organisation. */
  pricing?: PricingConfig;
}

/**
 * Who may see what in the events area. With workspaces enabled, a person without `workspace:read`
 * (a team admin) sees and changes only the objects of their own workspaces; everyone else with the
 * permission sees the whole organisation.
 */
export interface Scope {
  caller: OrganizationCaller;
  organizationId: string;
  userId: string;
  /** null: the whole organisation; otherwise only objects in these workspaces. */
  workspaceIds: string[] | null;
  /** The caller's own workspaces (`workspace=mine`). */
  myWorkspaceIds: string[];
  settings: OrganizationSettings;
}

export interface ScopeDeps {
  /** The organisation's settings and the caller's teams in it (one statement). */
  scopeFactsOf(caller: OrganizationCaller): Promise<{ settings: OrganizationSettings; teamIds: string[] }>;
  /** Throws (404) unless the caller may see this workspace. */
  findWorkspace(caller: OrganizationCaller, id: string): Promise<{ id: string; name: string }>;
}

export type ScopedTable = 'events' | 'series' | 'studio_templates' | 'hub_pages';

export function createScopes(deps: ScopeDeps) {
  /** The scope of a member whose permission was checked (by the route guard or scopeOf). */
  async function scopeFor(member: OrganizationCaller): Promise<Scope> {
    const { settings, teamIds: myWorkspaceIds } = await deps.scopeFactsOf(member);
    const restricted = settings.isWorkspaceEnabled && !hasPermission(member, 'workspace:read');
    return {
      caller: member,
      organizationId: member.organizationId,
      userId: member.userId,
      workspaceIds: restricted ? myWorkspaceIds : null,
      myWorkspaceIds,
      settings,
    };
  }

  /** `organization`: the organisation a list's query or a body names; only the caller's own (404 otherwise). */
  async function scopeOf(caller: Caller, permission: Permission, organization?: string): Promise<Scope> {
    const scope = await scopeFor(requirePermission(caller, permission));
    checkOrganization(scope, organization);
    return scope;
  }

  return {
    scopeOf,
    scopeFor,

    /**
     * An area's objects as a scope sees them, found by its repository: the route guard's scope and
     * load (`itemGuard`), and `visible` for the service, 404 when the scope does not see it.
     */
    itemsOf<R>(repository: { find(scope: Scope, id: string, tx?: Executor): Promise<R | undefined> }) {
      return {
        scopeFor,
        findVisible: (scope: Scope, id: string) => repository.find(scope, id),
        visible: async (scope: Scope, id: string, tx?: Executor): Promise<R> => {
          const found = await repository.find(scope, id, tx);
          if (!found) throw notFound();
          return found;
        },
      };
    },

    /**
     * The workspace an object is put in: one the caller may use, or none (organisation level) —
     * which a team admin may not choose. `undefined` leaves it to `current` (an update).
     */
    async workspaceFor(
      scope: Scope,
      requested: string | null | undefined,
      current?: string | null,
    ): Promise<string | null> {
      const workspaceId = requested === undefined ? (current ?? null) : requested;
      if (workspaceId === null) {
        if (scope.workspaceIds !== null) throw fieldError('workspace', eventServerMessages.workspaceRequired);
        return null;
      }
      if (scope.workspaceIds !== null && !scope.workspaceIds.includes(workspaceId)) {
        throw fieldError('workspace', eventServerMessages.workspaceNotYours);
      }
      if (requested === undefined) return workspaceId;
      try {
        await deps.findWorkspace(scope.caller, workspaceId);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404)
          throw fieldError('workspace', eventServerMessages.workspaceNotYours);
        throw error;
      }
      return workspaceId;
    },
  };
}

export type Scopes = ReturnType<typeof createScopes>;

/**
 * A PATCH of an event or template: `branding:update` for its branding fields, `event:update` for
 * the rest. A Brand Editor (branding only) giving other fields is refused 403 with an error on each.
 */
export function requirePatchPermissions(scope: Scope, request: Readonly<Record<string, unknown>>): void {
  const others = nonBrandingFields(request);
  const { caller } = scope;
  if (
    others.length > 0 &&
    !hasPermission(caller, 'event:update') &&
    hasPermission(caller, 'branding:update')
  ) {
    const errors = Object.fromEntries(others.map((field) => [field, [brandingMessages.brandingOnly]]));
    throw new HttpError(403, 'FORBIDDEN', brandingMessages.brandingOnly, errors);
  }
  const [first = 'event:update', ...rest] = patchPermissions(request);
  [first, ...rest].forEach((permission) => requirePermission(caller, permission));
}

/** `organization=` of a list or body: only the caller's own; another answers 404. */
export function checkOrganization(scope: Scope, organization: string | undefined): void {
  if (organization && organization !== scope.organizationId) throw notFound();
}

/** The rows of `table` the scope may see. */
export function visibleRows(scope: Scope, table: ScopedTable): RawBuilder<boolean> {
  const organization = sql<boolean>`${sql.ref(`${table}.organization_id`)} = ${scope.organizationId}`;
  if (scope.workspaceIds === null) return organization;
  if (scope.workspaceIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${organization} and ${sql.ref(`${table}.workspace_id`)} in (${sql.join(scope.workspaceIds)})`;
}

/** `workspace=` (ids or 'mine') and `workspace__isnull=` of a list. */
export function workspaceFilter(
  scope: Scope,
  table: ScopedTable,
  query: { workspace?: string[] | undefined; workspace__isnull?: boolean | undefined },
): RawBuilder<boolean> {
  const column = sql.ref(`${table}.workspace_id`);
  const parts: RawBuilder<boolean>[] = [];
  if (query.workspace && query.workspace.length > 0) {
    const ids = [
      ...new Set(query.workspace.flatMap((value) => (value === 'mine' ? scope.myWorkspaceIds : [value]))),
    ];
    parts.push(ids.length === 0 ? sql<boolean>`false` : sql<boolean>`${column} in (${sql.join(ids)})`);
  }
  if (query.workspace__isnull === true) parts.push(sql<boolean>`${column} is null`);
  if (query.workspace__isnull === false) parts.push(sql<boolean>`${column} is not null`);
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A list of templates or hub pages: `workspace=`, a search in the name, by name (`-` descending) or creation. */
export interface NamedListFilter {
  search?: string | undefined;
  workspace?: string[] | undefined;
  workspace__isnull?: boolean | undefined;
  ordering: string;
}

/**
 * A page of the scope's templates or hub pages (`table`, named by `nameColumn`) that the filter
 * matches, as `read` (a select of the table) reads them, ordered by name, case aside, or creation.
 */
export function pageOfNamed<TB extends 'studio_templates' | 'hub_pages', Row>(
  tx: Executor,
  scope: Scope,
  table: TB,
  nameColumn: 'title' | 'name',
  filter: NamedListFilter,
  read: SelectQueryBuilder<Database, TB, Row>,
  page: PageWindow,
): Promise<PagedRows<Row>> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  let matching = tx
    .selectFrom(table as ScopedTable)
    .where(visibleRows(scope, table))
    .where(workspaceFilter(scope, table, filter));
  if (filter.search)
    matching = matching.where(sql<boolean>`${column(nameColumn)} ilike ${`%${escapeLike(filter.search)}%`}`);
  const direction = filter.ordering.startsWith('-') ? sql`desc` : sql`asc`;
  const order = filter.ordering.endsWith(nameColumn)
    ? sql`lower(${column(nameColumn)})`
    : column('created_at');
  const rows = read
    .where(sql<boolean>`${column('id')} in (${matching.select(sql<string>`${column('id')}`.as('id'))})`)
    .orderBy(sql`${order} ${direction}`)
    .orderBy(sql`${column('id')} ${direction}`);
  return pagedList(matching, rows, page);
}

/**
 * The row of `table` with this id as `read` (a select of the table) reads it, if the scope may see
 * it: none for a malformed id (ids come as they are in the path).
 */
export async function findVisible<DB, TB extends keyof DB, Row>(
  read: SelectQueryBuilder<DB, TB, Row>,
  scope: Scope,
  table: ScopedTable,
  id: string,
): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  return read
    .where(visibleRows(scope, table))
    .where(sql<boolean>`${sql.ref(`${table}.id`)} = ${id}`)
    .executeTakeFirst();
}

/**
 * Whether any event or template the scope sees has branding set: a buffer video, or branding saved
 * (its documents are '{}' until then, 002 §3.1, §3.2).
 */
export async function anyBranded(
  db: Executor,
  scope: Scope,
  table: 'events' | 'studio_templates',
): Promise<boolean> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const branded = await db
    .selectFrom(table as ScopedTable)
    .select(sql<string>`${column('id')}`.as('id'))
    .where(visibleRows(scope, table))
    .where(
      sql<boolean>`(${column('stage_roll_video_asset_id')} is not null or ${column('branding')} <> '{}'::jsonb or ${column('theme_obj')} <> '{}'::jsonb)`,
    )
    .limit(1)
    .executeTakeFirst();
  return branded !== undefined;
}

/**
 * Whether the event or template still exists, its row then held (`for share`) until `tx` ends: a
 * delete of it waits for the transaction (a copy being made from it).
 */
export async function holdIfExists(
  tx: Executor,
  table: 'events' | 'studio_templates',
  id: string,
): Promise<boolean> {
  const row = await tx
    .selectFrom(table as ScopedTable)
    .select('id')
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}
