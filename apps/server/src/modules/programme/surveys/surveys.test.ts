import { beforeAll, describe, expect, it } from 'vitest';
import {
  agendaServerMessages,
  SURVEY_HAS_DUPLICATED_SURVEYS,
  surveyMessages,
  surveyServerMessages,
  type Broadcast,
  type Page,
  type Survey,
} from '@studio/domain';
import { fileStudio, organiserWithEvent } from '../../../../test/file-studio.ts';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { caller, duplicatedEvent, newEvent } from '../../back-office/back-office.fixtures.ts';
import { agendaApi } from '../agenda/agenda.fixtures.ts';

// Role all: this studio runs the duplication job itself.
const studio = fileStudio({ role: 'all' });
const { api, event } = organiserWithEvent(studio, 'Surveys Org', {
  title: 'Summit',
  start: '2031-03-01T09:00:00Z',
  end: '2031-03-01T17:00:00Z',
});
let keynote: Broadcast;
let panel: Broadcast;

const QUESTIONS = [
  { question_type: 'RATING', required: true, text: 'How was the session?' },
  {
    question_type: 'SINGLE_CHOICE',
    text: 'Will you come back?',
    options: [{ text: 'Yes' }, { text: 'No' }],
  },
  { question_type: 'TEXT', text: 'Anything else?' },
];

/** A live session of the event from `hour` to half past, on 1 March 2031. */
const liveSession = async (eventId: string, title: string, hour: number) =>
  (
    await agendaApi(api).createSession({
      event: eventId,
      title,
      broadcast_type: 'LIVE',
      start_time: `2031-03-01T${hour}:00:00Z`,
      end_time: `2031-03-01T${hour}:30:00Z`,
    })
  ).body;

beforeAll(async () => {
  keynote = await liveSession(event.id, 'Keynote', 10);
  panel = await liveSession(event.id, 'Panel', 11);
});

type Answer<T> = T & { code: string; message: string; errors: Record<string, string[]> };
const create = (fields: Record<string, unknown> = {}) =>
  api.post<Answer<Survey>>('/api/event/surveys/', {
    event: event.id,
    title: 'Feedback',
    questions: QUESTIONS,
    ...fields,
  });
const list = async (query: string) => (await api.get<Page<Survey>>(`/api/event/surveys/?${query}`)).body;

describe('surveys (002 §3.12, §7.9)', () => {
  it('creates, fetches, updates and deletes a library survey', async () => {
    const created = await create({ description: 'After each talk' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      event: event.id,
      title: 'Feedback',
      description: 'After each talk',
      duplicated_from: null,
      broadcasts: [],
      questions: [
        { question_type: 'RATING', required: true, text: 'How was the session?', options: [] },
        { question_type: 'SINGLE_CHOICE', required: false, options: [{ text: 'Yes' }, { text: 'No' }] },
        { question_type: 'TEXT', required: false, options: [] },
      ],
    });
    const { id } = created.body;
    expect((await api.get<Survey>(`/api/event/surveys/${id}/`)).body.title).toBe('Feedback');

    const updated = await api.patch<Survey>(`/api/event/surveys/${id}/`, {
      title: 'Session feedback',
      questions: [
        { question_type: 'MULTIPLE_CHOICE', text: 'Topics?', options: [{ text: 'A' }, { text: 'B' }] },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Session feedback', description: 'After each talk' });
    expect(updated.body.questions.map((question) => question.text)).toEqual(['Topics?']);

    expect((await api.delete(`/api/event/surveys/${id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/surveys/${id}/`)).status).toBe(404);
  });

  it('refuses a survey without questions, and choice questions without two options', async () => {
    const empty = await create({ questions: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.questions).toEqual([surveyServerMessages.noQuestions]);
    const oneOption = await create({
      questions: [{ question_type: 'SINGLE_CHOICE', text: 'Pick', options: [{ text: 'Only' }] }],
    });
    expect(oneOption.status).toBe(400);
    expect(oneOption.body.errors['questions.0.options']).toEqual([surveyServerMessages.tooFewOptions]);
    const textWithOptions = await create({
      questions: [{ question_type: 'TEXT', text: 'Say', options: [{ text: 'x' }] }],
    });
    expect(textWithOptions.status).toBe(400);
    const unknownType = await create({ questions: [{ question_type: 'ESSAY', text: 'Say' }] });
    expect(unknownType.status).toBe(400);
    expect((await list(`event=${event.id}`)).count).toBe(0);
  });

  it('attaches a library survey to sessions by duplicating it, lists them apart, and detaches', async () => {
    const library = (await create()).body;
    const copy = await api.post<Answer<Survey>>(`/api/event/surveys/${library.id}/duplicate/`, {
      broadcast: keynote.id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: 'Feedback',
      duplicated_from: library.id,
      broadcasts: [keynote.id],
    });
    expect(copy.body.questions).toEqual(library.questions);
    const again = await api.post<Answer<Survey>>(`/api/event/surveys/${library.id}/duplicate/`, {
      broadcast: keynote.id,
    });
    expect(again.status).toBe(400);
    expect(again.body.errors.broadcast).toEqual([surveyServerMessages.alreadyAttached]);
    const ofCopy = await api.post<Answer<Survey>>(`/api/event/surveys/${copy.body.id}/duplicate/`, {
      broadcast: panel.id,
    });
    expect(ofCopy.status).toBe(400);
    await api.post(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: panel.id });

    expect((await list(`event=${event.id}&duplicated__isnull=true`)).results.map((s) => s.id)).toEqual([
      library.id,
    ]);
    expect((await list(`event=${event.id}&broadcast=${keynote.id}`)).results.map((s) => s.id)).toEqual([
      copy.body.id,
    ]);
    expect((await list(`event=${event.id}&duplicated__isnull=false`)).count).toBe(2);

    // The library survey is in use by sessions: it cannot be deleted.
    const refused = await api.delete(`/api/event/surveys/${library.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: SURVEY_HAS_DUPLICATED_SURVEYS,
      message: surveyMessages.surveyInUse,
    });

    // Detach by the copy, or by the library survey it came from.
    expect(
      (await api.post(`/api/event/surveys/${copy.body.id}/detach/`, { broadcast: keynote.id })).status,
    ).toBe(204);
    expect((await api.get(`/api/event/surveys/${copy.body.id}/`)).status).toBe(404);
    expect((await api.post(`/api/event/surveys/${library.id}/detach/`, { broadcast: panel.id })).status).toBe(
      204,
    );
    const notThere = await api.post<Answer<object>>(`/api/event/surveys/${library.id}/detach/`, {
      broadcast: panel.id,
    });
    expect(notThere.status).toBe(400);
    expect(notThere.body.errors.broadcast).toEqual([surveyServerMessages.notAttached]);
    expect((await api.delete(`/api/event/surveys/${library.id}/`)).status).toBe(204);
  });

  it('detaches a survey once when four detaches (or deletes) of it race: the others are refused', async () => {
    const library = (await create()).body;
    await api.post(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: keynote.id });
    const detaches = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.post(`/api/event/surveys/${library.id}/detach/`, { broadcast: keynote.id }),
      ),
    );
    expect(detaches.map((answer) => answer.status).sort()).toEqual([204, 400, 400, 400]);
    expect((await api.delete(`/api/event/surveys/${library.id}/`)).status).toBe(204);

    const doomed = (await create()).body;
    const deletes = await Promise.all(
      Array.from({ length: 4 }, () => api.delete(`/api/event/surveys/${doomed.id}/`)),
    );
    expect(deletes.map((answer) => answer.status).sort()).toEqual([204, 404, 404, 404]);
  });

  it('refuses a session of another event, and a deleted session takes its copies with it', async () => {
    const other = await newEvent(api, {
      title: 'Other',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T17:00:00Z',
    });
    const elsewhere = await liveSession(other.id, 'Elsewhere', 10);
    const library = (await create()).body;
    for (const broadcast of [elsewhere.id, 'not-a-session']) {
      const refused = await api.post<Answer<object>>(`/api/event/surveys/${library.id}/duplicate/`, {
        broadcast,
      });
      expect(refused.status, broadcast).toBe(400);
      expect(refused.body.errors.broadcast).toEqual([agendaServerMessages.broadcastNotInEvent]);
    }
    const copy = (
      await api.post<Survey>(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: elsewhere.id })
    ).body;
    expect(copy).not.toHaveProperty('id');

    const attached = (
      await api.post<Survey>(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: panel.id })
    ).body;
    const doomed = await liveSession(event.id, 'Doomed', 15);
    const onDoomed = (
      await api.post<Survey>(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: doomed.id })
    ).body;
    expect((await api.delete(`/api/event/broadcasts/${doomed.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/surveys/${onDoomed.id}/`)).status).toBe(404);
    await api.post(`/api/event/surveys/${attached.id}/detach/`, { broadcast: panel.id });
    await api.delete(`/api/event/surveys/${library.id}/`);
  });

  it('answers 404 to another organisation and 403 to a member without the permission to change', async () => {
    const library = (await create()).body;
    const outsider = caller(studio, (await newAdmin(studio, 'Other Org')).access);
    expect((await outsider.get(`/api/event/surveys/${library.id}/`)).status).toBe(404);
    expect((await outsider.get(`/api/event/surveys/?event=${event.id}`)).status).toBe(404);
    expect((await outsider.patch(`/api/event/surveys/${library.id}/`, { title: 'Mine' })).status).toBe(404);
    expect(
      (await outsider.post(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: keynote.id })).status,
    ).toBe(404);
    expect((await outsider.delete(`/api/event/surveys/${library.id}/`)).status).toBe(404);
    expect(
      (await outsider.post('/api/event/surveys/', { event: event.id, title: 'x', questions: QUESTIONS }))
        .status,
    ).toBe(404);
    await api.delete(`/api/event/surveys/${library.id}/`);
  });

  it('goes with the event when it is duplicated: the library and the sessions’ copies, re-pointed', async () => {
    const library = (await create({ title: 'Exit poll' })).body;
    await api.post(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: keynote.id });
    const copyId = await duplicatedEvent(api, event.id, { start_time: '2031-04-01T09:00:00Z' });
    const sessions = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${copyId}`)).body.results;
    const copiedKeynote = sessions.find((session) => session.title === 'Keynote')!;
    const [copiedLibrary] = (await list(`event=${copyId}&duplicated__isnull=true`)).results;
    expect(copiedLibrary).toMatchObject({ title: 'Exit poll', event: copyId });
    expect(copiedLibrary!.id).not.toBe(library.id);
    expect((await list(`event=${copyId}&broadcast=${copiedKeynote.id}`)).results).toEqual([
      expect.objectContaining({
        title: 'Exit poll',
        duplicated_from: copiedLibrary!.id,
        broadcasts: [copiedKeynote.id],
      }),
    ]);
  });

  it('lets a member who may only read events (a brand editor) list surveys but not change them', async () => {
    const organizationId = (await api.get<{ organization: string }>('/api/core/user/me/')).body.organization;
    const reader = await newMember(studio, organizationId, 'BRAND_EDITOR');
    const readerApi = caller(studio, reader.access);
    expect((await readerApi.get(`/api/event/surveys/?event=${event.id}`)).status).toBe(200);
    expect(
      (await readerApi.post('/api/event/surveys/', { event: event.id, title: 'x', questions: QUESTIONS }))
        .status,
    ).toBe(403);
  });
});
