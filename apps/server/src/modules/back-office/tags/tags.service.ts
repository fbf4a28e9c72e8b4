import { eventServerMessages, tagAlreadyExistsMessage, type Tag } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import type { OrganizationCaller } from '../../../platform/http/guard.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import { sameFields } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import type { Scope, Scopes } from '../event-scope.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { TagRecord, TagsRepository } from './tags.repository.ts';

/** Spec 001 §5: a duplicate name answers code TAG_ALREADY_IN_ENTITY with the library's message. */
const tagTaken = (name: string) =>
  fieldError('tag_name', tagAlreadyExistsMessage(name), 'TAG_ALREADY_IN_ENTITY');

/**
 * The tag library: organisation-wide (tags have no workspace). Reading needs `event:read`, changing
 * the library `event:update`.
 */
export function createTagsService(deps: { tags: TagsRepository; scopes: Scopes }) {
  const { tags, scopes } = deps;

  async function found(organizationId: string, id: string): Promise<TagRecord> {
    const tag = isUuid(id) ? await tags.find(organizationId, id) : undefined;
    if (!tag) throw notFound();
    return tag;
  }

  return {
    /** The scope of a member the route guard let in (computed once per request). */
    scopeFor: (member: OrganizationCaller) => scopes.scopeFor(member),

    /** The tag if it is the scope's organisation's (the route guard's load). */
    findVisible: async (scope: Scope, id: string) =>
      isUuid(id) ? tags.find(scope.organizationId, id) : undefined,

    async list(
      caller: Caller,
      query: { organization?: string | undefined; search?: string | undefined },
      page: PageRequest,
    ): Promise<Counted<Tag>> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const { count, rows } = await tags.list(scope.organizationId, query.search || undefined, page);
      return { count, results: rows.map(toTag) };
    },

    async get(caller: Caller, id: string): Promise<Tag> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      return toTag(await found(scope.organizationId, id));
    },

    async create(caller: Caller, request: { organization: string; tag_name: string }): Promise<Tag> {
      const scope = await scopes.scopeOf(caller, 'event:update', request.organization);
      const created = await tags.insert(scope.organizationId, request.tag_name);
      if (created === 'taken') throw tagTaken(request.tag_name);
      return toTag(await found(scope.organizationId, created.id));
    },

    /** The tag the guard loaded with its scope, renamed. */
    async rename({ scope, object: tag }: { scope: Scope; object: TagRecord }, tagName: string): Promise<Tag> {
      const outcome = await tags.rename(scope.organizationId, tag.id, tagName);
      if (outcome === 'taken') throw tagTaken(tagName);
      if (outcome === 'missing') throw notFound();
      return toTag(await found(scope.organizationId, tag.id));
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const scope = await scopes.scopeOf(caller, 'event:update');
      if (!isUuid(id) || !(await tags.delete(scope.organizationId, id))) throw notFound();
    },

    /** For events and series: the tag ids, each one of the organisation's, else 400 on `tags`. */
    async checkTagIds(organizationId: string, ids: string[], tx?: Executor): Promise<string[]> {
      const unique = [...new Set(ids)];
      const existing = await tags.existing(organizationId, unique, tx);
      if (existing.length !== unique.length) throw fieldError('tags', eventServerMessages.tagNotFound);
      return unique;
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;

function toTag(record: TagRecord): Tag {
  return {
    ...sameFields(record, ['id', 'tag_name', 'events_count', 'series_count']),
    organization: record.organization_id,
    created_at: record.created_at.toISOString(),
  };
}
