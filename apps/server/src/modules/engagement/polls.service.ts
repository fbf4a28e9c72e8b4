import {
  engagementMessages,
  voteIsValid,
  type CreatePollBody,
  type Poll,
  type POLL_STATES,
} from '@studio/domain';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import {
  charge,
  checkPlace,
  featuresOf,
  hasEnded,
  mustModerate,
  refused,
  type Acting,
  type EngagementDeps,
} from './engagement.ts';
import { pollView, readsPoll, type Viewer } from './engagement-views.ts';
import type { PollRecord, PollsRepository } from './polls.repository.ts';

const ATTENDEE_STATES = ['live', 'closed'] as const;
const ALL_STATES = ['draft', 'live', 'closed'] as const;

/** Polls (issue 34 §4): staff create, launch and close them; people vote once; results live. */
export function createPollsService(deps: EngagementDeps & { polls: PollsRepository }) {
  const { polls } = deps;

  /** The polls as the viewer sees them, with what they chose. */
  async function views(records: readonly PollRecord[], viewer: Viewer): Promise<Poll[]> {
    const choices = await polls.choices(
      records.map((record) => record.poll.id),
      [viewer.userId],
    );
    return records.map((record) =>
      pollView(record, viewer, choices.get(record.poll.id)?.get(viewer.userId) ?? []),
    );
  }

  async function publish(organizationId: string, eventId: string, id: string, launched = false) {
    await deps.publish({ eventId, organizationId, kind: launched ? 'poll-launched' : 'poll', id });
  }

  return {
    views,

    async list(eventId: string, viewer: Viewer, sessionId: string | undefined): Promise<Poll[]> {
      await featuresOf(deps, eventId);
      const states = viewer.staff ? ALL_STATES : ATTENDEE_STATES;
      return views(await polls.list(eventId, { sessionId, states }), viewer);
    },

    /** A page of the studio's queue: every poll, drafts too. */
    async queue(
      eventId: string,
      viewer: Viewer,
      page: PageWindow,
    ): Promise<{ count: number; results: Poll[] }> {
      await featuresOf(deps, eventId);
      const { count, records } = await polls.pageOfEvent(eventId, page);
      return { count, results: await views(records, viewer) };
    },

    async create(eventId: string, viewer: Acting, body: CreatePollBody): Promise<Poll> {
      mustModerate(viewer);
      const { event } = await featuresOf(deps, eventId);
      await checkPlace(deps, eventId, 'session', body.session_id, 'session_id');
      const created = await polls.create(
        {
          event_id: eventId,
          session_id: body.session_id ?? null,
          question: body.question,
          multiple: body.multiple,
          show_results: body.show_results,
        },
        body.options,
      );
      await publish(event.organizationId, eventId, created.id);
      const record = await polls.inEvent(eventId, created.id);
      if (!record) throw notFound();
      return (await views([record], viewer))[0] as Poll;
    },

    /** Launches (draft → live), closes, or shows or hides the results to people. */
    async update(
      eventId: string,
      viewer: Acting,
      id: string,
      changes: { state?: (typeof POLL_STATES)[number] | undefined; show_results?: boolean | undefined },
    ): Promise<Poll> {
      mustModerate(viewer);
      const { event } = await featuresOf(deps, eventId);
      // A launch (to live from another state) is pushed as one: the attendees' Polls tab counts it.
      const before = changes.state === 'live' ? await polls.inEvent(eventId, id) : undefined;
      const updated = await polls.update(eventId, id, {
        ...(changes.state ? { state: changes.state } : {}),
        ...(changes.show_results !== undefined ? { show_results: changes.show_results } : {}),
      });
      if (!updated) throw notFound();
      await publish(event.organizationId, eventId, id, before !== undefined && before.poll.state !== 'live');
      const record = await polls.inEvent(eventId, id);
      if (!record) throw notFound();
      return (await views([record], viewer))[0] as Poll;
    },

    /** One ballot per person (a second is 409), of the poll's options, while it is live. */
    async vote(eventId: string, viewer: Viewer, id: string, optionIds: readonly string[]): Promise<Poll> {
      const { event } = await featuresOf(deps, eventId);
      const record = await polls.inEvent(eventId, id);
      if (!record || !readsPoll(viewer, record)) throw notFound();
      if (record.poll.state !== 'live') throw refused(409, engagementMessages.pollNotLive);
      if (hasEnded(deps, event)) throw refused(409, engagementMessages.pollsEnded);
      const poll = { multiple: record.poll.multiple, optionIds: record.options.map((option) => option.id) };
      if (!voteIsValid(poll, optionIds)) throw fieldError('option_ids', engagementMessages.invalidVote);
      await charge(deps, 'votes', eventId, viewer.userId);
      if ((await polls.vote(id, viewer.userId, optionIds)) === 'voted')
        throw refused(409, engagementMessages.alreadyVoted);
      await publish(event.organizationId, eventId, id);
      const counted = await polls.inEvent(eventId, id);
      return (await views(counted ? [counted] : [record], viewer))[0] as Poll;
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
