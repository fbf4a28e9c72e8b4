import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { surveyAnswerMessages, type AttendeeSurvey } from '@studio/domain';
import { engagementState } from '../../../testing/engagement-fixture.ts';
import { eventAppEvent } from '../../../testing/event-app-fixture.ts';
import { keynoteLive, openEventApp } from '../../../testing/event-app-shell.tsx';
import { json } from '../../../testing/fake-studio-api.ts';

const event = eventAppEvent({ tabs: [{ tab: 'stage', title: 'Stage' }] });

const feedback: AttendeeSurvey = {
  id: 'sv-1',
  title: 'Session feedback',
  description: '<b>Tell us</b>',
  session: { id: 's-1', title: 'Keynote' },
  answered: false,
  questions: [
    { id: 'q-r', question_type: 'RATING', required: true, text: 'How was it?', options: [] },
    {
      id: 'q-m',
      question_type: 'MULTIPLE_CHOICE',
      required: false,
      text: 'What did you like?',
      options: [{ text: 'Talks' }, { text: '<script>x</script>' }],
    },
    {
      id: 'q-s',
      question_type: 'SINGLE_CHOICE',
      required: false,
      text: 'Again?',
      options: [{ text: 'Yes' }, { text: 'No' }],
    },
    { id: 'q-t', question_type: 'TEXT', required: false, text: 'Anything else?', options: [] },
  ],
};

/** The event app's calls: the sidebar's state, the surveys, and what answering a survey answers. */
function stubFetch(surveys: AttendeeSurvey[], answered: () => Response) {
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const name = input.replace(/^\/e\/[^/]+\/api\//, '').split('?')[0]!;
    if (init?.method === 'POST') return Promise.resolve(answered());
    const answers: Record<string, unknown> = { engagement: engagementState(), polls: [], surveys };
    return Promise.resolve(name in answers ? json(200, answers[name]) : json(200, []));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function openSurveys() {
  openEventApp(keynoteLive, event);
  const tabs = await screen.findByRole('tablist', { name: 'Chat, Q&A and polls' });
  fireEvent.click(within(tabs).getByRole('tab', { name: 'Polls' }));
  return screen.findByRole('region', { name: surveyAnswerMessages.surveysTitle });
}
describe('surveys beside the polls (issue 34 §4)', () => {
  it('says so when no session’s survey is offered yet', async () => {
    stubFetch([], () => json(201, {}));
    const region = await openSurveys();
    expect(await within(region).findByText(surveyAnswerMessages.noSurveys)).toBeTruthy();
  });

  it('shows a survey attached to the session once the push says its surveys changed', async () => {
    const surveys: AttendeeSurvey[] = [];
    stubFetch(surveys, () => json(201, {}));
    const { pushEngagement } = openEventApp(keynoteLive, event);
    const tabs = await screen.findByRole('tablist', { name: 'Chat, Q&A and polls' });
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Polls' }));
    const region = await screen.findByRole('region', { name: surveyAnswerMessages.surveysTitle });
    expect(await within(region).findByText(surveyAnswerMessages.noSurveys)).toBeTruthy();
    surveys.push(feedback);
    pushEngagement([{ type: 'surveys', session_id: 's-1' }]);
    expect(await within(region).findByText('Session feedback')).toBeTruthy();
    expect(within(region).queryByText(surveyAnswerMessages.noSurveys)).toBeNull();
  });

  it('asks for the required answers first, then sends every question type once and thanks', async () => {
    const fetch = stubFetch([feedback], () => json(201, { ...feedback, answered: true }));
    const region = await openSurveys();
    expect(await within(region).findByText('<b>Tell us</b>')).toBeTruthy();
    expect(within(region).getByRole('checkbox', { name: '<script>x</script>' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: surveyAnswerMessages.submit }));
    expect(within(region).getByText(surveyAnswerMessages.required)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(region).getByRole('radio', { name: '4' }));
    fireEvent.click(within(region).getByRole('checkbox', { name: '<script>x</script>' }));
    fireEvent.click(within(region).getByRole('checkbox', { name: 'Talks' }));
    fireEvent.click(within(region).getByRole('radio', { name: 'No' }));
    fireEvent.change(within(region).getByRole('textbox', { name: 'Anything else?' }), {
      target: { value: 'More coffee' },
    });
    fireEvent.click(within(region).getByRole('button', { name: surveyAnswerMessages.submit }));
    expect(await within(region).findByText(surveyAnswerMessages.thanks)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/surveys/sv-1/answers',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          answers: [
            { question_id: 'q-r', value: 4 },
            { question_id: 'q-m', value: [0, 1] },
            { question_id: 'q-s', value: [1] },
            { question_id: 'q-t', value: 'More coffee' },
          ],
        }),
      }),
    );
  });

  it('refuses to send a survey of optional questions with no answer, and stays open', async () => {
    const optional: AttendeeSurvey = {
      ...feedback,
      questions: feedback.questions.map((question) => ({ ...question, required: false })),
    };
    const fetch = stubFetch([optional], () => json(201, { ...optional, answered: true }));
    const region = await openSurveys();
    const send = await within(region).findByRole('button', { name: surveyAnswerMessages.submit });
    fireEvent.change(within(region).getByRole('textbox', { name: 'Anything else?' }), {
      target: { value: '   ' },
    });
    fireEvent.click(send);
    expect((await within(region).findByRole('alert')).textContent).toBe(surveyAnswerMessages.noAnswer);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(within(region).queryByText(surveyAnswerMessages.thanks)).toBeNull();
    // One answer is enough; the message goes once something is sent.
    fireEvent.click(within(region).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(send);
    expect(await within(region).findByText(surveyAnswerMessages.thanks)).toBeTruthy();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal of a submission with no answer, and stays open', async () => {
    const optional: AttendeeSurvey = {
      ...feedback,
      questions: feedback.questions.map((question) => ({ ...question, required: false })),
    };
    stubFetch([optional], () =>
      json(400, {
        message: surveyAnswerMessages.noAnswer,
        code: 'VALIDATION_ERROR',
        errors: { answers: [surveyAnswerMessages.noAnswer] },
      }),
    );
    const region = await openSurveys();
    fireEvent.click(await within(region).findByRole('radio', { name: '3' }));
    fireEvent.click(within(region).getByRole('button', { name: surveyAnswerMessages.submit }));
    expect((await within(region).findByRole('alert')).textContent).toBe(surveyAnswerMessages.noAnswer);
    expect(within(region).getByRole('button', { name: surveyAnswerMessages.submit })).toBeTruthy();
  });

  it('shows the server’s refusal of a second submission', async () => {
    stubFetch([feedback], () =>
      json(409, { message: surveyAnswerMessages.alreadyAnswered, code: 'CONFLICT' }),
    );
    const region = await openSurveys();
    fireEvent.click(await within(region).findByRole('radio', { name: '5' }));
    fireEvent.click(within(region).getByRole('button', { name: surveyAnswerMessages.submit }));
    expect((await within(region).findByRole('alert')).textContent).toBe(surveyAnswerMessages.alreadyAnswered);
  });
});
