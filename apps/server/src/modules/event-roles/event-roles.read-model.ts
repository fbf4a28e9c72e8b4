import { sql, type Expression, type RawBuilder } from 'kysely';

type ProfileField = 'first_name' | 'last_name' | 'company' | 'title';

/** What other modules' queries may read of the organisation's profile of a person (its people). */
export const eventRolesReadModel = {
  /** One field of the organisation's profile of the person (null when it has none). */
  profileFieldOf(
    field: ProfileField,
    userId: Expression<string>,
    organizationId: Expression<string>,
  ): RawBuilder<string | null> {
    return sql<string | null>`(select organization_people.${sql.ref(field)} from organization_people
      where organization_people.user_id = ${userId} and organization_people.organization_id = ${organizationId})`;
  },
};
