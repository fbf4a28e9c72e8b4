import {
  engagementMessages,
  maySetQuestion,
  PUBLIC_QUESTION_STATES,
  storedEngagementText,
  questionRights,
  type EngagementFeatures,
  type Question,
  type QueueQuestion,
} from '@studio/domain';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  charge,
  checkPlace,
  featuresOf,
  hasEnded,
  refused,
  type Acting,
  type Actor,
  type EngagementDeps,
} from './engagement.ts';
import { questionView, readsQuestion, type QuestionFacts, type Viewer } from './engagement-views.ts';
import type { QnaRepository, QueueFilter, QuestionRow } from './qna.repository.ts';

/** Q&A (issue 34 §3): questions asked (moderated, anonymous), upvoted, moderated and answered. */
export function createQnaService(
  deps: EngagementDeps & {
    qna: QnaRepository;
    /** A person blocked from the event's chat asks no questions either. */
    chatBlocked(eventId: string, userId: string): Promise<boolean>;
  },
) {
  const { qna } = deps;

  async function openQna(eventId: string) {
    const found = await featuresOf(deps, eventId);
    if (!found.features.qna) throw refused(403, engagementMessages.qnaOff);
    return found;
  }

  /** Q&A open to the viewer's questions and upvotes: after the event's end, the event team's only. */
  async function openToAsk(eventId: string, viewer: Viewer) {
    const found = await openQna(eventId);
    if (!viewer.staff && hasEnded(deps, found.event)) throw refused(403, engagementMessages.qnaEnded);
    return found;
  }

  /** The facts every view of these questions needs, read once. */
  async function factsOf(rows: readonly QuestionRow[], features: EngagementFeatures): Promise<QuestionFacts> {
    const ids = rows.map((row) => row.id);
    const { counts, upvotedBy } = await qna.upvotes(ids);
    return { upvotes: counts, upvotedBy, answers: await qna.answersOf(ids), features };
  }

  async function publish(organizationId: string, row: QuestionRow) {
    await deps.publish({ eventId: row.event_id, organizationId, kind: 'question', id: row.id });
  }

  /**
   * The question, when the person may make this change of it (questionRights): staff any, a speaker
   * answering one assigned to them; 403 otherwise (an attendee before any lookup), 404 when not found.
   */
  async function ownedQuestion(
    eventId: string,
    acting: Acting,
    features: EngagementFeatures,
    id: string,
    changes: Parameters<typeof maySetQuestion>[1],
  ): Promise<QuestionRow> {
    if (!maySetQuestion(questionRights(acting.role, true), changes))
      throw refused(403, engagementMessages.notYours);
    const row = await qna.inEvent(eventId, id);
    if (!row || !readsQuestion(acting, row)) throw notFound();
    const assigned = features.assignQuestionsToSpeakers && row.assigned_speaker_id === acting.userId;
    if (!maySetQuestion(questionRights(acting.role, assigned), changes))
      throw refused(403, engagementMessages.notYours);
    return row;
  }

  /** A question the viewer may read, else 404 (another event's, or someone else's pending one). */
  async function readable(eventId: string, viewer: Viewer, id: string): Promise<QuestionRow> {
    const row = await qna.inEvent(eventId, id);
    if (!row || !readsQuestion(viewer, row)) throw notFound();
    return row;
  }

  return {
    factsOf,

    /**
     * The questions the viewer reads (staff: every one), of one session when named; with `mine`, the
     * viewer's own questions of every session and event-wide (each in its state, as the asker reads it).
     */
    async list(
      eventId: string,
      viewer: Viewer,
      sessionId: string | undefined,
      options: { mine?: boolean | undefined } = {},
    ): Promise<Question[]> {
      const { features } = await openQna(eventId);
      const rows = await qna.list(
        eventId,
        options.mine
          ? { askedBy: viewer.userId }
          : viewer.staff
            ? { sessionId }
            : { sessionId, states: PUBLIC_QUESTION_STATES, askerId: viewer.userId },
      );
      const facts = await factsOf(rows, features);
      return rows.map((row) => questionView(row, facts, viewer));
    },

    /**
     * A page of the studio's queue: every question, pending ones included, with its session and
     * speaker (of what `filter` asks: QueueFilter).
     */
    async queue(
      eventId: string,
      viewer: Viewer,
      page: PageWindow,
      filter: QueueFilter = {},
    ): Promise<{ count: number; results: QueueQuestion[] }> {
      const { features } = await featuresOf(deps, eventId);
      const { count, rows } = await qna.pageOfEvent(eventId, page, filter);
      const facts = await factsOf(rows, features);
      const results = rows.map((row) => ({
        ...questionView(row, facts, viewer),
        session_id: row.session_id,
        assigned_speaker_id: row.assigned_speaker_id,
      }));
      return { count, results };
    },

    async ask(
      eventId: string,
      actor: Actor,
      body: { text: string; anonymous: boolean; session_id?: string | null | undefined },
    ): Promise<Question> {
      const { event, features } = await openToAsk(eventId, actor);
      if (body.anonymous && !features.qnaAnonymous) throw refused(403, engagementMessages.anonymousOff);
      await checkPlace(deps, eventId, 'session', body.session_id, 'session_id');
      if (!actor.staff && (await deps.chatBlocked(eventId, actor.userId)))
        throw refused(403, engagementMessages.blocked);
      await charge(deps, 'questions', eventId, actor.userId);
      const row = await qna.insert({
        event_id: eventId,
        session_id: body.session_id ?? null,
        asker_id: actor.userId,
        asker_name: actor.name,
        anonymous: body.anonymous,
        text: storedEngagementText(features, body.text),
        state: features.qnaModerated ? 'pending' : 'open',
        assigned_speaker_id: null,
      });
      await publish(event.organizationId, row);
      return questionView(row, await factsOf([row], features), actor);
    },

    /** Upvotes once per person (again: no change), or takes the upvote back. */
    async upvote(eventId: string, viewer: Viewer, id: string, on: boolean): Promise<Question> {
      const { event, features } = await openToAsk(eventId, viewer);
      const row = await readable(eventId, viewer, id);
      if (on) await charge(deps, 'votes', eventId, viewer.userId);
      if (await qna.setUpvote(row.id, viewer.userId, on)) await publish(event.organizationId, row);
      return questionView(row, await factsOf([row], features), viewer);
    },

    /**
     * Staff's moderation: approve (pending → open), answered, pinned, dismissed, hidden; assign a
     * speaker. A speaker marks the questions assigned to them answered.
     */
    async moderate(
      eventId: string,
      viewer: Acting,
      id: string,
      changes: { state?: QuestionRow['state'] | undefined; assigned_speaker_id?: string | null | undefined },
    ): Promise<Question> {
      const { event, features } = await featuresOf(deps, eventId);
      await ownedQuestion(eventId, viewer, features, id, changes);
      if (changes.assigned_speaker_id !== undefined && !features.assignQuestionsToSpeakers)
        throw refused(403, engagementMessages.assignOff);
      if (changes.assigned_speaker_id && !(await deps.personInEvent(eventId, changes.assigned_speaker_id)))
        throw notFound();
      const row = await qna.update(eventId, id, {
        ...(changes.state ? { state: changes.state } : {}),
        ...(changes.assigned_speaker_id !== undefined
          ? { assigned_speaker_id: changes.assigned_speaker_id }
          : {}),
      });
      if (!row) throw notFound();
      await publish(event.organizationId, row);
      return questionView(row, await factsOf([row], features), viewer);
    },

    /** An answer by staff (or the speaker it is assigned to); a pending question it answers is approved with it. */
    async answer(eventId: string, actor: Actor, id: string, text: string): Promise<Question> {
      const { event, features } = await featuresOf(deps, eventId);
      const found = await ownedQuestion(eventId, actor, features, id, { state: 'answered' });
      await qna.insertAnswer({
        question_id: id,
        answerer_id: actor.userId,
        answerer_name: actor.name,
        text: storedEngagementText(features, text),
      });
      const row = (await qna.update(eventId, id, { state: 'answered' })) ?? found;
      await publish(event.organizationId, row);
      return questionView(row, await factsOf([row], features), actor);
    },
  };
}

export type QnaService = ReturnType<typeof createQnaService>;
