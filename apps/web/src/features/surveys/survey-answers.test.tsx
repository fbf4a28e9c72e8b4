import { SURVEY_RESPONSES_PAGE_SIZE, type Survey, type SurveyResponse } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agendaRoutes, broadcast } from '../../testing/agenda-fixture.ts';
import { ada, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const keynote = broadcast({ id: 'b-1', title: 'Keynote', end_time: '2031-03-01T10:30:00.000Z' });
const agenda = agendaRoutes(() => keynote);
const feedback: Survey = {
  id: 's-1',
  event: 'e-1',
  title: 'Feedback',
  description: '',
  questions: [
    { id: 'q-1', question_type: 'RATING', required: true, text: 'How was it?', options: [] },
    { id: 'q-2', question_type: 'TEXT', required: false, text: 'Anything else?', options: [] },
  ],
  duplicated_from: null,
  broadcasts: [],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
};
const response = (id: string, name: string, text: string): SurveyResponse => ({
  id,
  survey: 's-3',
  session: { id: 'b-1', title: 'Keynote' },
  respondent: { id: `u-${id}`, name },
  answers: [
    { question_id: 'q-1', question: 'How was it?', value: 4, text: '4/5' },
    // A copy made before the library was edited: matched by the question's text.
    { question_id: 'old-q-2', question: 'Anything else?', value: text, text },
  ],
  created_at: '2031-03-01T10:20:00.000Z',
});

function openAnswers(answers: (query: string) => Response) {
  const { fetchMock } = openStudio('/events/e-1/programs/agenda', {
    user: ada,
    routes: (path, init) => {
      const [route, query = ''] = path.split('?');
      if (route === '/api/event/surveys/s-1/responses/') return answers(query);
      if (route === '/api/event/surveys/') return page([feedback]);
      return agenda(path, init);
    },
  });
  return fetchMock;
}

async function showAnswers() {
  const user = userEvent.setup({ delay: null });
  // The agenda route loads on first use: give it time on a busy machine.
  await user.click(await screen.findByRole('button', { name: 'Surveys' }, { timeout: 60_000 }));
  const panel = await screen.findByRole('dialog', { name: 'Surveys' });
  await user.click(await within(panel).findByRole('button', { name: 'Answers to survey Feedback' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Answers: Feedback' }) };
}

describe('a survey’s answers in the studio (issue 34 §4)', () => {
  it('shows a real empty state when nobody answered yet', async () => {
    openAnswers(() => page([]));
    const { dialog } = await showAnswers();
    expect(await within(dialog).findByRole('region', { name: 'No answers yet' })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(true);
  });

  it('pages the responses on the server, one column per question, attendee text shown as text', async () => {
    const fetchMock = openAnswers((query) =>
      query.includes('offset=0')
        ? page([response('r-1', 'Grace Hopper', '<img src=x onerror=alert(1)>')], 30)
        : page([response('r-2', 'Ada Lovelace', 'Second page')], 30),
    );
    const { user, dialog } = await showAnswers();
    const table = await within(dialog).findByRole('table', { name: 'Answers to Feedback' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Session', 'Submitted', 'How was it?', 'Anything else?']);
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(table.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('30 responses')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '2' }));
    expect(await within(dialog).findByText('Ada Lovelace')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/surveys/s-1/responses/').map((call) => call.url)).toContain(
        `/api/event/surveys/s-1/responses/?limit=${SURVEY_RESPONSES_PAGE_SIZE}&offset=${SURVEY_RESPONSES_PAGE_SIZE}`,
      ),
    );
  });
});
