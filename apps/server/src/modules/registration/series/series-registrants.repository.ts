import type { EventUserStatus } from '@studio/domain';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { eventsReadModel } from '../../back-office/events.read-model.ts';
import { peopleReadModel, type ProfileColumn } from '../../event-roles/people.read-model.ts';
import { usersReadModel } from '../../users/users.read-model.ts';
import { personOrderings } from '../registrant-rows.ts';

export interface SeriesRegistrantsFilter {
  organizationId: string;
  /** The series' events. */
  eventIds: readonly string[];
  search?: string | undefined;
  companies?: readonly string[] | undefined;
  /** Only people registered for one of these events. */
  events?: readonly string[] | undefined;
  ordering: 'first_name' | '-first_name' | 'email' | '-email' | 'company' | '-company';
}

const profile = (column: ProfileColumn) => peopleReadModel.profile(column);

/** A series' registrants: one row per person, with their registrations in the series' events. */
export function createSeriesRegistrantsRepository(db: Executor) {
  return {
    async list(filter: SeriesRegistrantsFilter, page: PageRequest, tx: Executor = db) {
      if (filter.eventIds.length === 0) return { count: 0, rows: [] };
      // One row per person: users and the profile are grouped by their keys (PostgreSQL reads
      // their other columns as functionally dependent on them).
      let people = peopleReadModel
        .joinProfiles(
          usersReadModel.joinPeople(
            tx.selectFrom('event_registrations'),
            sql.ref('event_registrations.user_id'),
          ),
          sql.ref('event_registrations.user_id'),
          sql.lit(filter.organizationId),
        )
        .where('event_registrations.event_id', 'in', filter.eventIds)
        .groupBy(['users.id', 'organization_people.organization_id', 'organization_people.user_id']);
      if (filter.search) {
        const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        people = people.where(
          sql<SqlBool>`((${profile('first_name')} || ' ' || ${profile('last_name')}) ilike ${like}
            or users.email ilike ${like} or ${profile('company')} ilike ${like})`,
        );
      }
      if (filter.companies?.length)
        people = people.where(sql<SqlBool>`${profile('company')} in (${sql.join(filter.companies)})`);
      if (filter.events?.length)
        people = people.having(
          sql<SqlBool>`bool_or(event_registrations.event_id in (${sql.join(filter.events)}))`,
        );
      const [order, direction] = personOrderings[filter.ordering];
      const [counted, found] = await Promise.all([
        tx
          .selectFrom(people.select('users.id').as('people'))
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
        people
          .select([
            'users.id',
            'users.email',
            profile('first_name').$castTo<string>().as('first_name'),
            profile('last_name').$castTo<string>().as('last_name'),
            profile('company').as('company'),
          ])
          .orderBy(order, direction)
          .orderBy('users.id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { count: Number(counted.count), rows: found };
    },

    /** These people's registrations in the series' events, in the events' order of registration. */
    async registrationsOf(eventIds: readonly string[], userIds: readonly string[], tx: Executor = db) {
      if (eventIds.length === 0 || userIds.length === 0) return [];
      return (await tx
        .selectFrom('event_registrations')
        .select(['user_id', 'event_id', 'status'])
        .select(eventsReadModel.titleOf(sql.ref('event_registrations.event_id')).as('title'))
        .where('event_id', 'in', eventIds)
        .where('user_id', 'in', userIds)
        .orderBy('registered_at')
        .execute()) as { user_id: string; event_id: string; status: EventUserStatus; title: string }[];
    },
  };
}
