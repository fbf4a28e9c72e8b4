import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export type ProfileColumn = 'first_name' | 'last_name' | 'title' | 'company';

/**
 * What other modules' queries may read of an organisation's profile of a person (002 §3.9
 * `org_user_data`), falling back to the person's own account where the organisation has none.
 * Written by the module that owns the organisation's profiles.
 */
export const peopleReadModel = {
  /**
   * Left-joins the organisation's profiles onto a query that already joined `users` (see
   * usersReadModel.joinPeople); then `profile(column)` reads a profile column.
   */
  joinProfiles<TB extends keyof Database, O>(
    query: SelectQueryBuilder<Database, TB, O>,
    userId: Expression<string>,
    organizationId: Expression<string>,
  ): SelectQueryBuilder<Database, TB | 'organization_people', O> {
    return query.leftJoin('organization_people', (join) =>
      join.on(
        sql<boolean>`organization_people.user_id = ${userId} and organization_people.organization_id = ${organizationId}`,
      ),
    );
  },

  /**
   * Ids of the people with a profile (in any organisation) whose name ("first last") or company
   * matches an ILIKE pattern (trigram indexes, 0028).
   */
  idsMatching(like: string) {
    return sql<string>`select organization_people.user_id from organization_people
      where (organization_people.first_name || ' ' || organization_people.last_name) ilike ${like}
        or organization_people.company ilike ${like}`;
  },

  /**
   * The roles a person holds in an event that admit them (`refused`: a role's registration refuses
   * entry, registration's rule), lowest first, as an array; empty when none.
   */
  admittingRolesOf(
    eventId: Expression<string>,
    userId: Expression<string>,
    refused: (eventRoleId: RawBuilder<unknown>) => RawBuilder<SqlBool>,
  ): RawBuilder<number[]> {
    return sql<number[]>`array(select event_roles.role from event_roles
      where event_roles.event_id = ${eventId} and event_roles.user_id = ${userId}
        and not ${refused(sql.ref('event_roles.id'))}
      order by event_roles.role)`;
  },

  /** The organisation's profile's name of the person (`first_name`, `last_name`): no row when it has none. */
  profileNameOf(
    organizationId: Expression<string>,
    userId: Expression<string>,
  ): RawBuilder<{ first_name: string; last_name: string }> {
    return sql`select organization_people.first_name, organization_people.last_name from organization_people
      where organization_people.organization_id = ${organizationId} and organization_people.user_id = ${userId}`;
  },

  /** The organisation's profile column when it has one for the person, else the account's (after joinProfiles). */
  profile(column: ProfileColumn): RawBuilder<string | null> {
    return sql<
      string | null
    >`case when organization_people.user_id is null then users.${sql.ref(column)} else organization_people.${sql.ref(column)} end`;
  },
};
