import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { pagedList, type PageWindow } from '../../platform/db/paged-list.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { orOnUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { EngagementPollOptionTable, EngagementPollTable } from './engagement.tables.ts';
import { eventRows } from '../../platform/db/scoped-row.ts';

export type PollRow = Selectable<EngagementPollTable>;
export type PollOptionRow = Selectable<EngagementPollOptionTable>;

/** A poll with its options, their vote counts, and the ballots cast (who chose what). */
export interface PollRecord {
  poll: PollRow;
  options: (PollOptionRow & { votes: number })[];
  voters: number;
}

/** Polls, their options and ballots (all their SQL). */
export function createPollsRepository(db: Executor) {
  async function records(polls: PollRow[]): Promise<PollRecord[]> {
    if (polls.length === 0) return [];
    const ids = polls.map((poll) => poll.id);
    const options = await db
      .selectFrom('engagement_poll_options as option')
      .leftJoin('engagement_poll_votes as vote', 'vote.option_id', 'option.id')
      .select(['option.id', 'option.poll_id', 'option.position', 'option.text'])
      .select(sql<number>`count(vote.user_id)::int`.as('votes'))
      .where('option.poll_id', 'in', ids)
      .groupBy(['option.id', 'option.poll_id', 'option.position', 'option.text'])
      .orderBy('option.position')
      .execute();
    const ballots = await db
      .selectFrom('engagement_poll_ballots')
      .select(['poll_id', sql<number>`count(*)::int`.as('voters')])
      .where('poll_id', 'in', ids)
      .groupBy('poll_id')
      .execute();
    return polls.map((poll) => ({
      poll,
      options: options
        .filter((option) => option.poll_id === poll.id)
        .map((option) => ({ ...option, votes: Number(option.votes) })),
      voters: Number(ballots.find((ballot) => ballot.poll_id === poll.id)?.voters ?? 0),
    }));
  }

  return {
    async create(
      poll: Omit<PollRow, 'id' | 'state' | 'created_at'>,
      options: readonly string[],
    ): Promise<PollRow> {
      return db.transaction().execute(async (tx) => {
        const created = await tx
          .insertInto('engagement_polls')
          .values(poll)
          .returningAll()
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('engagement_poll_options')
          .values(options.map((text, position) => ({ poll_id: created.id, position, text })))
          .execute();
        return created;
      });
    },

    async inEvent(eventId: string, id: string): Promise<PollRecord | undefined> {
      const poll = await eventRows.find(db, 'engagement_polls', eventId, id);
      return poll && (await records([poll]))[0];
    },

    async byIds(ids: readonly string[]): Promise<PollRecord[]> {
      if (ids.length === 0) return [];
      return records(await db.selectFrom('engagement_polls').selectAll().where('id', 'in', ids).execute());
    },

    /**
     * The event's polls in these states, newest first; with a session named, that session's and
     * the whole event's (a poll of no session runs whatever is on stage).
     */
    async list(
      eventId: string,
      filter: { sessionId?: string | undefined; states: readonly string[] },
    ): Promise<PollRecord[]> {
      let query = db
        .selectFrom('engagement_polls')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('state', 'in', filter.states);
      const { sessionId } = filter;
      if (sessionId)
        query = query.where((where) =>
          where.or([where('session_id', '=', sessionId), where('session_id', 'is', null)]),
        );
      return records(await query.orderBy('created_at', 'desc').orderBy('id').limit(200).execute());
    },

    /** A page of every poll of the event, drafts too, newest first (the backstage). */
    async pageOfEvent(eventId: string, page: PageWindow): Promise<{ count: number; records: PollRecord[] }> {
      const matching = db.selectFrom('engagement_polls').where('event_id', '=', eventId);
      const rows = matching.selectAll().orderBy('created_at', 'desc').orderBy('id');
      const { count, rows: found } = await pagedList(matching, rows, page);
      return { count, records: await records(found) };
    },

    update: async (
      eventId: string,
      id: string,
      changes: Partial<Pick<PollRow, 'state' | 'show_results'>>,
    ): Promise<boolean> => isUuid(id) && eventRows.update(db, 'engagement_polls', eventId, id, changes),

    /** Casts the person's one ballot; 'voted' when they already had. */
    async vote(pollId: string, userId: string, optionIds: readonly string[]): Promise<'cast' | 'voted'> {
      return orOnUniqueViolation(
        db.transaction().execute(async (tx) => {
          await tx
            .insertInto('engagement_poll_ballots')
            .values({ poll_id: pollId, user_id: userId })
            .execute();
          await tx
            .insertInto('engagement_poll_votes')
            .values(optionIds.map((option_id) => ({ poll_id: pollId, user_id: userId, option_id })))
            .execute();
          return 'cast' as const;
        }),
        'voted',
      );
    },

    /** The options each of these people chose in these polls, by poll then person. */
    async choices(
      pollIds: readonly string[],
      userIds: readonly string[],
    ): Promise<Map<string, Map<string, string[]>>> {
      if (pollIds.length === 0 || userIds.length === 0) return new Map();
      return byPollAndPerson(
        await db
          .selectFrom('engagement_poll_votes')
          .select(['poll_id', 'user_id', 'option_id'])
          .where('poll_id', 'in', pollIds)
          .where('user_id', 'in', userIds)
          .execute(),
      );
    },

    /**
     * The options chosen in these polls by the people with a push stream of the event open on this
     * node (their presence rows): what a node's push of these polls needs, however many it holds.
     */
    async choicesOnNode(
      pollIds: readonly string[],
      eventId: string,
      nodeId: string,
    ): Promise<Map<string, Map<string, string[]>>> {
      if (pollIds.length === 0) return new Map();
      return byPollAndPerson(
        await db
          .selectFrom('engagement_poll_votes as vote')
          .select(['vote.poll_id', 'vote.user_id', 'vote.option_id'])
          .where('vote.poll_id', 'in', pollIds)
          .where((where) =>
            where.exists(
              where
                .selectFrom('engagement_presence as present')
                .select('present.stream_id')
                .where('present.node_id', '=', nodeId)
                .where('present.event_id', '=', eventId)
                .whereRef('present.user_id', '=', 'vote.user_id'),
            ),
          )
          .execute(),
      );
    },
  };
}

function byPollAndPerson(
  rows: readonly { poll_id: string; user_id: string; option_id: string }[],
): Map<string, Map<string, string[]>> {
  const byPoll = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const people = byPoll.get(row.poll_id) ?? new Map<string, string[]>();
    byPoll.set(row.poll_id, people);
    people.set(row.user_id, [...(people.get(row.user_id) ?? []), row.option_id]);
  }
  return byPoll;
}

export type PollsRepository = ReturnType<typeof createPollsRepository>;
