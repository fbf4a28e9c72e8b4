import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { CONTENT_SPACE_ROLE } from '@studio/domain';
import type { Database } from '../../platform/db/schema.ts';

/** A standalone Content Lab user: no organisation, a personal space. */
const inContentSpace = sql<boolean>`users.organization_id is null and users.content_space_id is not null`;

/**
 * What other modules' queries may read of a person, written by the module that owns the users
 * table (other modules never name it). `userId` is a column reference of the asking row.
 */
export const usersReadModel = {
  firstNameOf(userId: string): RawBuilder<string | null> {
    return sql<string | null>`(select users.first_name from users where users.id = ${sql.ref(userId)})`;
  },

  lastNameOf(userId: string): RawBuilder<string | null> {
    return sql<string | null>`(select users.last_name from users where users.id = ${sql.ref(userId)})`;
  },

  /**
   * The organisation the person's requests act in: theirs, else a standalone Content Lab user's
   * personal space (null: neither).
   */
  actingOrganizationOf(userId: string): RawBuilder<string | null> {
    return sql<string | null>`(select coalesce(users.organization_id, users.content_space_id) from users
      where users.id = ${sql.ref(userId)})`;
  },

  /** The person's role there: their organisation role, or the Content Lab role in a personal space. */
  actingRoleOf(userId: string): RawBuilder<string | null> {
    return sql<
      string | null
    >`(select case when ${inContentSpace} then ${CONTENT_SPACE_ROLE} else users.role end
      from users where users.id = ${sql.ref(userId)})`;
  },

  /** The person acts in their personal Content Lab space (no organisation of their own). */
  actsInContentSpace(userId: string): RawBuilder<boolean> {
    return sql<boolean>`(select ${inContentSpace} from users where users.id = ${sql.ref(userId)})`;
  },

  /** The person is still a member of the organisation (people who left are not). */
  isMemberOf(userId: Expression<string>, organizationId: Expression<string>): RawBuilder<boolean> {
    return sql<boolean>`exists (select 1 from users where users.id = ${userId} and users.organization_id = ${organizationId})`;
  },

  /**
   * Joins the organisation's people onto a query by its person column; people who left are not
   * joined. The query may then read their `users.id`, `email`, `first_name`, `last_name`, `role`.
   */
  joinMembers<TB extends keyof Database, O>(
    query: SelectQueryBuilder<Database, TB, O>,
    userId: Expression<string>,
    organizationId: Expression<string>,
  ): SelectQueryBuilder<Database, TB | 'users', O> {
    return query.innerJoin('users', (join) =>
      join.on(sql<boolean>`users.id = ${userId} and users.organization_id = ${organizationId}`),
    );
  },

  /**
   * Joins every person onto a query by its person column — members, people who left and event-only
   * people alike. The query may then read their `users.email`, `organization_id`, names and profile.
   */
  joinPeople<TB extends keyof Database, O>(
    query: SelectQueryBuilder<Database, TB, O>,
    userId: Expression<string>,
  ): SelectQueryBuilder<Database, TB | 'users', O> {
    return query.innerJoin('users', (join) => join.on(sql<boolean>`users.id = ${userId}`));
  },

  /** Ids of the people whose name ("first last"), email or company matches an ILIKE pattern (trigram indexes, 0028). */
  idsMatching(like: string) {
    return sql<string>`select users.id from users where (users.first_name || ' ' || users.last_name) ilike ${like}
      or users.email ilike ${like} or users.company ilike ${like}`;
  },

  /** Name and email of the organisation's people among `userIds` (a query of ids). */
  contactsAmong(organizationId: string, userIds: RawBuilder<unknown>) {
    return sql<{ email: string; first_name: string; last_name: string }>`select users.email, users.first_name,
      users.last_name from users where users.organization_id = ${organizationId} and users.id in (${userIds})`;
  },
  /** The person as the studio's usage analytics enrich an event (no row for null or a removed person). */
  usageProfileOf(userId: string | null) {
    return sql<{ id: string; email: string; email_verified: boolean }>`select users.id, users.email,
      users.email_verified from users where users.id = ${userId}`;
  },

  /** Contact details of these people, whichever organisation they belong to (event registrants). */
  contactsOf(userIds: RawBuilder<unknown>) {
    return sql<{ id: string; email: string; first_name: string; last_name: string }>`select users.id,
      users.email, users.first_name, users.last_name from users where users.id in (${userIds})`;
  },
};
