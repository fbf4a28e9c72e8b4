import { sql, type Expression, type RawBuilder } from 'kysely';

type ProfileColumn = 'first_name' | 'last_name' | 'title' | 'company';

/**
 * What other modules' queries may read of a person as an organisation knows them, written by the
 * module that owns the organisation's profiles: its profile of the person, else their account's.
 */
export const peopleReadModel = {
  profileOf(
    column: ProfileColumn,
    userId: Expression<string>,
    organizationId: Expression<string>,
  ): RawBuilder<string | null> {
    return sql<string | null>`(select case when organization_people.user_id is null
        then users.${sql.ref(column)} else organization_people.${sql.ref(column)} end
      from users left join organization_people
        on organization_people.user_id = users.id and organization_people.organization_id = ${organizationId}
      where users.id = ${userId})`;
  },
};
