import { randomUUID } from 'node:crypto';
import {
  agendaServerMessages,
  SURVEY_HAS_DUPLICATED_SURVEYS,
  surveyMessages,
  surveyServerMessages,
  type CreateSurvey,
  type Survey,
  type SurveyListQuery,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type UpdateSurvey,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import { createEventParts } from '../../back-office/event-parts.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import { createSurveysRepository, type SurveyRecord } from './surveys.repository.ts';

export interface SurveysDeps {
  db: Executor;
  events: Pick<EventCore, 'programmeEventOf' | 'programmeChanged'>;
  /** The event of a session (the agenda's), or undefined when there is no such session. */
  sessionEventOf(broadcastId: string, tx?: Executor): Promise<string | undefined>;
  /** After a committed change of a session's surveys: its attendees read them again (engagement pushes). */
  sessionSurveysChanged: SessionSurveysChanged;
}

/** A session's surveys changed (one attached, detached, changed or deleted). */
export type SessionSurveysChanged = (
  event: { id: string; organizationId: string },
  broadcastId: string,
) => Promise<void>;

type Permission = 'event:read' | 'event:update';

const inUse = () => new HttpError(409, SURVEY_HAS_DUPLICATED_SURVEYS, surveyMessages.surveyInUse);

/** Questions as stored and answered: each with its id (kept when a copy is made). */
const withIds = (questions: readonly SurveyQuestionInput[]): SurveyQuestion[] =>
  questions.map((question) => ({
    id: randomUUID(),
    question_type: question.question_type,
    required: question.required ?? false,
    text: question.text,
    options: question.options ?? [],
  }));

/**
 * An event's surveys (002 §3.12, §7.9): a library, and copies attached to sessions — a session
 * gets a survey by duplicating one of the library with it, and loses it by detaching the copy.
 */
/** A survey the caller may act on, with its event. */
export interface EditableSurvey {
  survey: SurveyRecord;
  event: ProgrammeEvent;
}

export function createSurveysService(deps: SurveysDeps) {
  const { db, events } = deps;
  const surveys = createSurveysRepository(db);
  const parts = createEventParts({
    db,
    table: 'surveys',
    ranked: false,
    eventOf: (caller, eventId, permission) => events.programmeEventOf(caller, eventId, permission),
    changed: (event) => events.programmeChanged(event.id),
  });

  /** The survey and its event when the caller may act on it; 404 otherwise. */
  async function surveyOf(caller: Caller, id: string, permission: Permission): Promise<EditableSurvey> {
    const { part: survey, event } = await parts.partOf(caller, id, permission);
    return { survey, event };
  }

  async function checkSession(eventId: string, broadcastId: string, tx?: Executor): Promise<void> {
    if (!isUuid(broadcastId) || (await deps.sessionEventOf(broadcastId, tx)) !== eventId)
      throw fieldError('broadcast', agendaServerMessages.broadcastNotInEvent);
  }

  /** Deletes the survey unless another survey was duplicated from it (409). */
  /** Deletes the survey unless it has copies; `gone` when a racing delete or detach took it first. */
  async function deleteUnlessCopied(id: string, gone: () => Error): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if (!(await surveys.lock(id, tx))) throw gone();
      if (await surveys.hasCopies(id, tx)) throw inUse();
      await parts.table.delete(id, tx);
    });
  }

  return {
    /** Event duplication's step (issue 14): after the agenda's, whose session ids it re-points to. */
    copyStep: {
      copy: (copy) => surveys.copy(copy.sourceEventId, copy.targetEventId, copy.newIds, copy.tx),
      clear: (eventId, tx) => parts.table.clear(eventId, tx),
    } satisfies EventCopyStep,

    /** The survey and its event, when the caller may read them (404 otherwise): its answers. */
    readableSurvey: (caller: Caller, id: string) => surveyOf(caller, id, 'event:read'),

    /** For the guard: the survey and its event, when the caller may change them (404 otherwise). */
    editableSurvey: (caller: Caller, id: string) => surveyOf(caller, id, 'event:update'),

    async list(caller: Caller, query: SurveyListQuery, page: PageRequest): Promise<Counted<Survey>> {
      const { event } = await events.programmeEventOf(caller, query.event, 'event:read');
      if (query.broadcast !== undefined) await checkSession(event.id, query.broadcast);
      const { count, rows } = await surveys.list(
        event.id,
        {
          ...(query.duplicated__isnull ? { library: query.duplicated__isnull === 'true' } : {}),
          ...(query.broadcast !== undefined ? { broadcastId: query.broadcast } : {}),
        },
        page,
      );
      return { count, results: rows.map(toSurvey) };
    },

    get: async (caller: Caller, id: string): Promise<Survey> =>
      toSurvey((await surveyOf(caller, id, 'event:read')).survey),

    async create(caller: Caller, request: CreateSurvey): Promise<Survey> {
      const survey = await parts.create(caller, request.event, ({ event }) => ({
        event_id: event.id,
        title: request.title,
        description: request.description,
        questions: JSON.stringify(withIds(request.questions)),
      }));
      return toSurvey(survey);
    },

    /** The survey the guard loaded (`editableSurvey`), changed. */
    async update({ survey, event }: EditableSurvey, request: UpdateSurvey): Promise<Survey> {
      const updated = await surveys.update(survey.id, {
        ...(request.title !== undefined ? { title: request.title } : {}),
        ...(request.description !== undefined ? { description: request.description } : {}),
        ...(request.questions ? { questions: withIds(request.questions) } : {}),
      });
      if (!updated) throw notFound();
      await events.programmeChanged(event.id);
      if (updated.broadcast_id) await deps.sessionSurveysChanged(event, updated.broadcast_id);
      return toSurvey(updated);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { survey, event } = await surveyOf(caller, id, 'event:update');
      await deleteUnlessCopied(survey.id, notFound);
      await events.programmeChanged(event.id);
      if (survey.broadcast_id) await deps.sessionSurveysChanged(event, survey.broadcast_id);
    },

    /** A copy of a library survey for this session (one per session and survey). */
    async duplicate({ survey, event }: EditableSurvey, broadcastId: string): Promise<Survey> {
      if (survey.duplicated_from) throw fieldError('broadcast', surveyServerMessages.notALibrarySurvey);
      const copy = await db.transaction().execute(async (tx) => {
        await checkSession(event.id, broadcastId, tx);
        if (!(await surveys.lock(survey.id, tx))) throw notFound();
        if (await surveys.copyIn(survey.id, broadcastId, tx))
          throw fieldError('broadcast', surveyServerMessages.alreadyAttached);
        return parts.table.insert(
          {
            event_id: event.id,
            title: survey.title,
            description: survey.description,
            questions: JSON.stringify(survey.questions),
            duplicated_from: survey.id,
            broadcast_id: broadcastId,
          },
          tx,
        );
      });
      await events.programmeChanged(event.id);
      await deps.sessionSurveysChanged(event, broadcastId);
      return toSurvey(copy);
    },

    /** Takes the survey off the session: `id` is the session's copy or the library survey it came from. */
    async detach({ survey, event }: EditableSurvey, broadcastId: string): Promise<void> {
      await checkSession(event.id, broadcastId);
      const copy =
        survey.broadcast_id === broadcastId ? survey : await surveys.copyIn(survey.id, broadcastId);
      const notAttached = () => fieldError('broadcast', surveyServerMessages.notAttached);
      if (!copy) throw notAttached();
      await deleteUnlessCopied(copy.id, notAttached);
      await events.programmeChanged(event.id);
      await deps.sessionSurveysChanged(event, broadcastId);
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;

function toSurvey(row: SurveyRecord): Survey {
  return {
    ...sameFields(row, ['id', 'title', 'description', 'questions', 'duplicated_from']),
    event: row.event_id,
    broadcasts: row.broadcast_id ? [row.broadcast_id] : [],
    ...timestampsOf(row),
  };
}
