import type { Broadcast, EventMember, Page, Survey, SurveyAnswerValue } from '@studio/domain';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { createSurveyAnswersService } from '../modules/programme/surveys/survey-answers.service.ts';
import { DEMO_SURVEY_ANSWERS, DEMO_SURVEYS } from './demo-content.ts';
import type { StudioClient } from './studio-client.ts';

/** After the keynote: when the demo's registrants answered its survey. */
const AFTER_THE_SESSION_MS = 5 * 60_000;

/**
 * The keynote's 'Session feedback' answered by the first registrants (issue 34 §4), through the
 * surveys' own service (its rule, its one submission per person) as the event app's call does, at
 * a moment after the keynote: the summit is weeks away, so the attendee site would not offer it yet.
 */
export async function addDemoSurveyAnswers(
  api: StudioClient,
  database: DatabaseHandle,
  event: { organizationId: string; id: string },
): Promise<string> {
  const eventId = event.id;
  const [{ title, session: sessionTitle }] = DEMO_SURVEYS as [(typeof DEMO_SURVEYS)[number]];
  const sessions = await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`);
  const keynote = sessions.results.find((session) => session.title === sessionTitle)!;
  const copies = await api.get<Page<Survey>>(`/api/event/surveys/?event=${eventId}&broadcast=${keynote.id}`);
  const survey = copies.results.find((candidate) => candidate.title === title)!;
  const people = await api.get<Page<EventMember>>(
    `/api/event/event-members/?event=${eventId}&event_user_status=REGISTRATION&ordering=registered_at&limit=${DEMO_SURVEY_ANSWERS.length}`,
  );
  const answers = createSurveyAnswersService({
    db: database.db,
    clock: () => new Date(new Date(keynote.end_time).getTime() + AFTER_THE_SESSION_MS),
    sessionsOf: () =>
      Promise.resolve(
        sessions.results.map((session) => ({ ...session, start_time: new Date(session.start_time) })),
      ),
    readableSurvey: () => Promise.reject(new Error('The seed reads the answers through the API.')),
    // The demo's webhook is added after its answers: they are told to no one.
    activities: () => ({ record: () => Promise.resolve() }),
  });
  const [rating, recommend, topics, comment] = survey.questions as [
    Survey['questions'][number],
    Survey['questions'][number],
    Survey['questions'][number],
    Survey['questions'][number],
  ];
  const indexOf = (question: Survey['questions'][number], text: string) =>
    question.options.findIndex((option) => option.text === text);
  for (const [n, person] of people.results.entries()) {
    const [stars, choice, chosen, text] = DEMO_SURVEY_ANSWERS[n]!;
    const values: [string, SurveyAnswerValue][] = [
      [rating.id, stars],
      [recommend.id, [indexOf(recommend, choice)]],
      [topics.id, chosen.map((option) => indexOf(topics, option))],
      [comment.id, text],
    ];
    await answers.submit(event, { userId: person.user, name: person.full_name }, survey.id, {
      answers: values.map(([question_id, value]) => ({ question_id, value })),
    });
  }
  return `${people.results.length} answers to "${title}" in the ${sessionTitle.toLowerCase()}`;
}
