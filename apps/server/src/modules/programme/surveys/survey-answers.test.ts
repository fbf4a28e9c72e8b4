import { beforeAll, describe, expect, it } from 'vitest';
import {
  surveyAnswerMessages,
  surveyResponsesExportPath,
  surveyResponsesPath,
  type AttendeeSurvey,
  type Broadcast,
  type Page,
  type StudioEvent,
  type Survey,
  type SurveyResponse,
} from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { bearer } from '../../../../test/harness.ts';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../../back-office/back-office.fixtures.ts';
import { personIn, type EngagementWorld } from '../../engagement/engagement.fixtures.ts';

let now = new Date('2031-05-01T14:30:00Z');
const { studio, admin, api } = fileStudioWithAdmin('Survey Answers Org', { clock: () => now });
let world: EngagementWorld;
let event: StudioEvent;
let library: Survey;
/** The copies the keynote (on now) and the panel (later) hold. */
let keynoteSurvey: Survey;
let panelSurvey: Survey;

const TIMES = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };
const QUESTIONS = [
  { question_type: 'RATING', required: true, text: 'How was the session?' },
  { question_type: 'SINGLE_CHOICE', text: 'Will you come back?', options: [{ text: 'Yes' }, { text: 'No' }] },
  {
    question_type: 'MULTIPLE_CHOICE',
    required: true,
    text: 'What did you like?',
    options: [{ text: 'Talks' }, { text: 'Food' }, { text: 'People' }],
  },
  { question_type: 'TEXT', text: 'Anything else?' },
];

async function session(title: string, hour: number): Promise<Broadcast> {
  const created = await api.post<Broadcast>('/api/event/broadcasts/', {
    event: event.id,
    title,
    broadcast_type: 'LIVE',
    start_time: `2031-05-01T${hour}:00:00Z`,
    end_time: `2031-05-01T${hour}:45:00Z`,
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  world = {
    studio,
    api,
    access: admin.access,
    userId: admin.userId,
    organizationId: admin.organization.id,
    newEvent: (title = 'Other') => newEvent(api, { title, ...TIMES }),
  };
  event = await newEvent(api, { title: 'Summit', ...TIMES });
  const keynote = await session('Keynote', 14);
  const panel = await session('Panel', 16);
  library = (
    await api.post<Survey>('/api/event/surveys/', {
      event: event.id,
      title: 'Feedback',
      questions: QUESTIONS,
    })
  ).body;
  const attach = async (broadcast: Broadcast) =>
    (await api.post<Survey>(`/api/event/surveys/${library.id}/duplicate/`, { broadcast: broadcast.id })).body;
  keynoteSurvey = await attach(keynote);
  panelSurvey = await attach(panel);
});

const ids = () => library.questions.map((question) => question.id) as [string, string, string, string];
const answersOf = (rating: unknown, single: unknown, multiple: unknown, text: unknown) => {
  const [a, b, c, d] = ids();
  const given = [
    { question_id: a, value: rating },
    { question_id: b, value: single },
    { question_id: c, value: multiple },
    { question_id: d, value: text },
  ];
  return { answers: given.filter((answer) => answer.value !== undefined) };
};
type Refusal = { message: string; code: string; errors: Record<string, string[]> };

describe('surveys answered by attendees (issue 34 §4)', () => {
  it('offers a session’s survey once the session starts and takes one submission per person', async () => {
    const grace = await personIn(world, event, 'Grace');
    const offered = await grace.call<AttendeeSurvey[]>('GET', 'surveys');
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual([
      expect.objectContaining({
        id: keynoteSurvey.id,
        session: expect.objectContaining({ title: 'Keynote' }) as unknown,
        answered: false,
      }),
    ]);
    // The panel has not started: its survey is not offered and cannot be answered.
    const early = await grace.call('POST', `surveys/${panelSurvey.id}/answers`, answersOf(4, [0], [1], ''));
    expect(early.status).toBe(404);

    const [rating, , multiple] = ids();
    const missing = await grace.call<Refusal>(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(undefined, [], [], ' '),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors[`answers.${multiple}`]).toEqual([surveyAnswerMessages.required]);
    const wrong = await grace.call<Refusal>(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(6, [0, 1], [5], 4),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toHaveLength(4);
    expect(wrong.body.errors[`answers.${rating}`]).toEqual([surveyAnswerMessages.rating]);
    const nul = await grace.call(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(4, [0], [0], 'a\u0000b'),
    );
    expect(nul.status).toBe(400);
    const long = await grace.call(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(4, [0], [0], 'x'.repeat(2001)),
    );
    expect(long.status).toBe(400);

    const sent = await grace.call<AttendeeSurvey>(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(4, [0], [0, 2], '=HYPERLINK("http://x") <script>alert(1)</script>'),
    );
    expect(sent.status).toBe(201);
    expect(sent.body.answered).toBe(true);
    expect((await grace.call<AttendeeSurvey[]>('GET', 'surveys')).body[0]?.answered).toBe(true);
    const again = await grace.call<Refusal>(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(5, [1], [1], ''),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(surveyAnswerMessages.alreadyAnswered);

    // After the panel starts, its survey is offered too (during and after each session).
    now = new Date('2031-05-01T16:10:00Z');
    const later = await grace.call<AttendeeSurvey[]>('GET', 'surveys');
    expect(later.body.map((survey) => survey.id)).toEqual([keynoteSurvey.id, panelSurvey.id]);
    expect(
      (await grace.call('POST', `surveys/${panelSurvey.id}/answers`, answersOf(2, undefined, [1], '')))
        .status,
    ).toBe(201);
  });

  it('answers 401 to people without the event’s cookie and 404 for another event’s survey', async () => {
    const other = await world.newEvent('Elsewhere');
    const stranger = await personIn(world, other, 'Ada');
    const crossed = await stranger.call(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(4, [0], [0], ''),
      event,
    );
    expect(crossed.status).toBe(401);
    expect((await stranger.call('GET', 'surveys', undefined, event)).status).toBe(401);
    const own = await stranger.call(
      'POST',
      `surveys/${keynoteSurvey.id}/answers`,
      answersOf(4, [0], [0], ''),
    );
    expect(own.status).toBe(404);
    const anonymous = await studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}/api/surveys` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a submission with no answer at all (every question optional): 400, nothing stored, still open', async () => {
    const optional = (
      await api.post<Survey>('/api/event/surveys/', {
        event: event.id,
        title: 'Quick thoughts',
        questions: [
          { question_type: 'RATING', text: 'Rate the room' },
          { question_type: 'TEXT', text: 'Anything else?' },
        ],
      })
    ).body;
    const copy = (
      await api.post<Survey>(`/api/event/surveys/${optional.id}/duplicate/`, {
        broadcast: keynoteSurvey.broadcasts[0],
      })
    ).body;
    const [rating, text] = copy.questions.map((question) => question.id) as [string, string];
    const lin = await personIn(world, event, 'Lin');
    for (const answers of [[], [{ question_id: text, value: '  ' }]]) {
      const blank = await lin.call<Refusal>('POST', `surveys/${copy.id}/answers`, { answers });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: surveyAnswerMessages.noAnswer,
        errors: { answers: [surveyAnswerMessages.noAnswer] },
      });
    }
    const offered = await lin.call<AttendeeSurvey[]>('GET', 'surveys');
    expect(offered.body.find((survey) => survey.id === copy.id)?.answered).toBe(false);
    expect((await api.get<Page<SurveyResponse>>(surveyResponsesPath(copy.id))).body.count).toBe(0);
    const sent = await lin.call('POST', `surveys/${copy.id}/answers`, {
      answers: [{ question_id: rating, value: 4 }],
    });
    expect(sent.status).toBe(201);
    expect((await api.get<Page<SurveyResponse>>(surveyResponsesPath(copy.id))).body.count).toBe(1);
  });
});

describe('organisers read the answers (issue 34 §4)', () => {
  it('pages a library survey’s answers across its sessions, and a session’s own', async () => {
    const all = await api.get<Page<SurveyResponse>>(`${surveyResponsesPath(library.id)}?limit=1`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results).toHaveLength(1);
    expect(all.body.next).toContain('offset=1');
    expect(all.body.results[0]).toMatchObject({
      respondent: { name: 'Grace Hopper' },
      session: { title: 'Keynote' },
    });
    expect(all.body.results[0]?.answers.map((answer) => answer.text)).toEqual([
      '4/5',
      'Yes',
      'Talks; People',
      '=HYPERLINK("http://x") <script>alert(1)</script>',
    ]);
    const copy = await api.get<Page<SurveyResponse>>(surveyResponsesPath(panelSurvey.id));
    expect(copy.body.count).toBe(1);
    expect(copy.body.results[0]?.answers.map((answer) => answer.text)).toEqual(['2/5', 'Food']);
  });

  it('exports the answers as CSV with formula-leading cells escaped', async () => {
    const response = await studio.app.inject({
      method: 'GET',
      url: surveyResponsesExportPath(library.id),
      headers: bearer(world.access),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Session,Submitted at,How was the session?,Will you come back?,What did you like?,Anything else?',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `Grace Hopper,Keynote,2031-05-01T14:30:00.000Z,4/5,Yes,Talks; People,"'=HYPERLINK(`,
    );
  });

  it('is the organisation’s own: another organisation gets 404, a member without event:read 403', async () => {
    const outsider = caller(studio, (await newAdmin(studio, 'Other Answers Org')).access);
    expect((await outsider.get(surveyResponsesPath(library.id))).status).toBe(404);
    expect((await outsider.get(surveyResponsesExportPath(library.id))).status).toBe(404);
    const plain = caller(studio, (await newMember(studio, world.organizationId, null)).access);
    expect((await plain.get(surveyResponsesPath(library.id))).status).toBe(403);
  });
});
