import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList } from '../../platform/db/paged-list.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import type { EventRoleTable, OrganizationPersonTable } from './event-roles.tables.ts';

/** An event role with the person as the event's organisation knows them (its profile, else the account). */
export type PersonRow = Selectable<EventRoleTable> &
  ProfileFields & { organization_id: string; email: string; is_member: boolean };

export type PeopleOrdering = 'rank' | '-rank' | 'created_at' | '-created_at' | 'first_name' | '-first_name';

export interface PeopleFilter {
  eventId: string;
  role: number;
  userType?: string | undefined;
  search?: string | undefined;
  companies?: readonly string[] | undefined;
  hidden?: boolean | undefined;
  broadcast?: string | undefined;
  /** Leave out registrants refused entry (the event app's People tab). */
  admitted?: boolean | undefined;
  ordering: PeopleOrdering;
}

export type ProfileFields = Omit<OrganizationPersonTable, 'organization_id' | 'user_id' | 'updated_at'>;

const organizationOfRow = eventsReadModel.organizationOf(sql.ref('event_roles.event_id'));
/** The organisation's profile column when it has one for the person, else the account's. */
const profile = (column: 'first_name' | 'last_name' | 'title' | 'company' | 'profile_picture_url') =>
  sql`case when organization_people.user_id is null then users.${sql.ref(column)} else organization_people.${sql.ref(column)} end`;
const linkOf = (column: 'linkedin_url' | 'twitter_url') =>
  sql<
    string | null
  >`case when organization_people.user_id is null then users.${sql.ref(column)} else organization_people.${sql.ref(column)} end`;

/** Whether a person's registration refuses them entry, as SQL on their event role's id (registration's). */
export type RefusesEntry = (eventRoleId: RawBuilder<unknown>) => RawBuilder<SqlBool>;

/** The people's profiles, event roles joined with who they are; only this module's tables and read models. */
export function createPeopleRepository(db: Executor, refusesEntry: RefusesEntry) {
  const rows = (tx: Executor) =>
    usersReadModel
      .joinPeople(tx.selectFrom('event_roles'), sql.ref('event_roles.user_id'))
      .leftJoin('organization_people', (join) =>
        join
          .onRef('organization_people.user_id', '=', 'event_roles.user_id')
          .on(sql<SqlBool>`organization_people.organization_id = ${organizationOfRow}`),
      )
      .select([
        'event_roles.id',
        'event_roles.event_id',
        'event_roles.user_id',
        'event_roles.role',
        'event_roles.rank',
        'event_roles.hidden',
        'event_roles.user_type',
        'event_roles.event_app_role_id',
        'event_roles.invited_at',
        'event_roles.created_at',
        'users.email',
        'organization_people.bio',
      ])
      .select([
        organizationOfRow.as('organization_id'),
        sql<boolean>`coalesce(users.organization_id = ${organizationOfRow}, false)`.as('is_member'),
        profile('first_name').$castTo<string>().as('first_name'),
        profile('last_name').$castTo<string>().as('last_name'),
        profile('title').$castTo<string | null>().as('title'),
        profile('company').$castTo<string | null>().as('company'),
        profile('profile_picture_url').$castTo<string | null>().as('profile_picture_url'),
        linkOf('linkedin_url').as('linkedin_url'),
        linkOf('twitter_url').as('twitter_url'),
      ]);

  const ofRole = (role: number, userType: string | undefined) =>
    userType === undefined
      ? sql<SqlBool>`event_roles.role = ${role}`
      : sql<SqlBool>`(event_roles.role = ${role} and event_roles.user_type = ${userType})`;

  const orderings: Record<PeopleOrdering, [RawBuilder<unknown>, 'asc' | 'desc']> = {
    rank: [sql`event_roles.rank`, 'asc'],
    '-rank': [sql`event_roles.rank`, 'desc'],
    created_at: [sql`event_roles.created_at`, 'asc'],
    '-created_at': [sql`event_roles.created_at`, 'desc'],
    first_name: [sql`lower(${profile('first_name')})`, 'asc'],
    '-first_name': [sql`lower(${profile('first_name')})`, 'desc'],
  };

  return {
    /** A page of an event's people of one role, filtered and ordered, with the count. */
    async list(filter: PeopleFilter, page: PageRequest, tx: Executor = db) {
      let query = rows(tx)
        .where('event_roles.event_id', '=', filter.eventId)
        .where(ofRole(filter.role, filter.userType));
      if (filter.search) {
        const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<SqlBool>`(${profile('first_name')} || ' ' || ${profile('last_name')}) ilike ${like}
            or users.email ilike ${like} or ${profile('company')} ilike ${like}`,
        );
      }
      if (filter.companies?.length)
        query = query.where(sql<SqlBool>`${profile('company')} in (${sql.join(filter.companies)})`);
      if (filter.hidden !== undefined) query = query.where('event_roles.hidden', '=', filter.hidden);
      if (filter.admitted) query = query.where(sql<SqlBool>`not ${refusesEntry(sql.ref('event_roles.id'))}`);
      if (filter.broadcast)
        query = query.where(
          sql<SqlBool>`exists (select 1 from event_role_sessions s where s.event_role_id = event_roles.id and s.broadcast_id = ${filter.broadcast})`,
        );
      const [order, direction] = orderings[filter.ordering];
      const { count, rows: found } = await pagedList(
        query,
        query.orderBy(order, direction).orderBy('event_roles.created_at').orderBy('event_roles.id'),
        page,
      );
      return { count, rows: found as PersonRow[] };
    },

    async find(id: string, tx: Executor = db): Promise<PersonRow | undefined> {
      return await rows(tx).where('event_roles.id', '=', id).executeTakeFirst();
    },

    /** The event's people matching: roles, a staff user type, ids, sessions; by rank then creation. */
    async where(
      filter: {
        eventId?: string;
        userId?: string;
        audiences?: readonly { role: number; userType?: string }[];
        ids?: readonly string[];
        broadcastIds?: readonly string[];
        /** Leave out the roles of registrants refused entry (blocked, cancelled, rejected). */
        admitted?: boolean;
      },
      tx: Executor = db,
    ): Promise<PersonRow[]> {
      let query = rows(tx);
      if (filter.eventId) query = query.where('event_roles.event_id', '=', filter.eventId);
      if (filter.userId) query = query.where('event_roles.user_id', '=', filter.userId);
      if (filter.admitted) query = query.where(sql<SqlBool>`not ${refusesEntry(sql.ref('event_roles.id'))}`);
      if (filter.audiences)
        query = query.where(
          sql<SqlBool>`(${sql.join(
            filter.audiences.map((a) => ofRole(a.role, a.userType)),
            sql` or `,
          )})`,
        );
      if (filter.ids) {
        if (filter.ids.length === 0) return [];
        query = query.where('event_roles.id', 'in', filter.ids);
      }
      if (filter.broadcastIds) {
        if (filter.broadcastIds.length === 0) return [];
        query = query.where(
          sql<SqlBool>`exists (select 1 from event_role_sessions s where s.event_role_id = event_roles.id and s.broadcast_id in (${sql.join(filter.broadcastIds)}))`,
        );
      }
      const found = await query
        .orderBy('event_roles.event_id')
        .orderBy('event_roles.rank')
        .orderBy('event_roles.created_at')
        .orderBy('event_roles.id')
        .execute();
      return found;
    },

    /** The user id of the event's person with this email (any role). */
    async userIdByEmail(eventId: string, email: string, tx: Executor = db): Promise<string | undefined> {
      const row = await usersReadModel
        .joinPeople(tx.selectFrom('event_roles'), sql.ref('event_roles.user_id'))
        .select('event_roles.user_id')
        .where('event_roles.event_id', '=', eventId)
        .where(sql<SqlBool>`lower(users.email) = lower(${email})`)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Whether the person holds any role in one of the organisation's events. */
    async isInEventsOf(organizationId: string, userId: string, tx: Executor = db): Promise<boolean> {
      const row = await tx
        .selectFrom('event_roles')
        .select('event_roles.user_id')
        .where('event_roles.user_id', '=', userId)
        .where(sql<SqlBool>`${organizationOfRow} = ${organizationId}`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    findProfile: (organizationId: string, userId: string, tx: Executor = db) =>
      tx
        .selectFrom('organization_people')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /**
     * Writes the organisation's profile of the person: all of `fields` on a new row, the given ones on
     * an old one. Answers the name the profile has now.
     */
    upsertProfile: (
      organizationId: string,
      userId: string,
      fields: ProfileFields,
      changes: Partial<ProfileFields>,
      tx: Executor = db,
    ): Promise<Pick<ProfileFields, 'first_name' | 'last_name'>> =>
      tx
        .insertInto('organization_people')
        .values({ organization_id: organizationId, user_id: userId, ...fields })
        .onConflict((oc) =>
          oc.columns(['organization_id', 'user_id']).doUpdateSet({ ...changes, updated_at: new Date() }),
        )
        .returning(['first_name', 'last_name'])
        .executeTakeFirstOrThrow(),

    async defaultSpeakerRole(eventId: string, tx: Executor = db): Promise<string | null> {
      const row = await tx
        .selectFrom('event_people_settings')
        .select('default_speaker_role_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row?.default_speaker_role_id ?? null;
    },

    async setDefaultSpeakerRole(eventId: string, roleId: string | null, tx: Executor = db): Promise<void> {
      await tx
        .insertInto('event_people_settings')
        .values({ event_id: eventId, default_speaker_role_id: roleId })
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ default_speaker_role_id: roleId }))
        .execute();
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
