import { SURVEY_HAS_DUPLICATED_SURVEYS, surveyMessages, type Survey } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agendaRoutes, broadcast } from '../../testing/agenda-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { openOptionList } from '../../testing/option-list.ts';

const keynote = broadcast({ id: 'b-1', title: 'Keynote', end_time: '2031-03-01T10:30:00.000Z' });
const agenda = agendaRoutes(() => keynote);
const survey = (id: string, title: string, fields: Partial<Survey> = {}): Survey => ({
  id,
  event: 'e-1',
  title,
  description: '',
  questions: [{ id: `${id}-q`, question_type: 'RATING', required: true, text: 'How was it?', options: [] }],
  duplicated_from: null,
  broadcasts: [],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
  ...fields,
});
const feedback = survey('s-1', 'Feedback');
const exitPoll = survey('s-2', 'Exit poll');
const feedbackInKeynote = survey('s-3', 'Feedback', { duplicated_from: 's-1', broadcasts: ['b-1'] });

const routes =
  (overrides: ExtraRoutes = () => undefined): ExtraRoutes =>
  (path, init) => {
    const answer = overrides(path, init);
    if (answer) return answer;
    const [route, query = ''] = path.split('?');
    if (route === '/api/event/surveys/' && init.method === 'POST') return json(201, feedback);
    if (route === '/api/event/surveys/')
      return page(query.includes('broadcast=b-1') ? [feedbackInKeynote] : [feedback, exitPoll]);
    if (route === '/api/event/surveys/s-2/duplicate/') return json(201, survey('s-4', 'Exit poll'));
    if (route === '/api/event/surveys/s-3/detach/') return new Response(null, { status: 204 });
    return agenda(path, init);
  };

describe('surveys', () => {
  it('creates a library survey from the agenda’s Surveys panel, checked like the server checks it', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Surveys' }));
    const panel = await screen.findByRole('dialog', { name: 'Surveys' });
    expect(await within(panel).findByText('Exit poll')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'New survey' }));

    const editor = await screen.findByRole('dialog', { name: 'New survey' });
    await user.type(within(editor).getByRole('textbox', { name: 'Title' }), 'Feedback');
    await user.type(within(editor).getByRole('textbox', { name: 'Question 1' }), 'Will you come back?');
    await user.type(within(editor).getByRole('textbox', { name: 'Question 1 option 1' }), 'Yes');
    await user.click(within(editor).getByRole('button', { name: 'Create survey' }));
    // The second option is still empty: nothing is sent.
    expect(callsTo(fetchMock, '/api/event/surveys/').filter((call) => call.method === 'POST')).toHaveLength(
      0,
    );

    await user.type(within(editor).getByRole('textbox', { name: 'Question 1 option 2' }), 'No');
    await user.click(within(editor).getByRole('button', { name: 'Create survey' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/surveys/').find((call) => call.method === 'POST')).toMatchObject({
        body: {
          event: 'e-1',
          title: 'Feedback',
          questions: [
            {
              question_type: 'SINGLE_CHOICE',
              required: false,
              text: 'Will you come back?',
              options: [{ text: 'Yes' }, { text: 'No' }],
            },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New survey' })).toBeNull());
  });

  it("says in plain words that a title is too long (never the checker's own English)", async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Surveys' }));
    const panel = await screen.findByRole('dialog', { name: 'Surveys' });
    await user.click(within(panel).getByRole('button', { name: 'New survey' }));
    const editor = await screen.findByRole('dialog', { name: 'New survey' });
    await user.click(within(editor).getByRole('textbox', { name: 'Title' }));
    await user.paste('x'.repeat(600));
    await user.click(within(editor).getByRole('button', { name: 'Create survey' }));
    expect(await within(editor).findByText('Enter at most 255 characters.')).toBeTruthy();
    expect(within(editor).queryByText(/Too big|Too small/)).toBeNull();
    expect(callsTo(fetchMock, '/api/event/surveys/').filter((call) => call.method === 'POST')).toHaveLength(
      0,
    );
  });

  it('says so when a survey in use by sessions is deleted', async () => {
    openStudio('/events/e-1/programs/agenda', {
      user: ada,
      routes: routes((path, init) =>
        path.startsWith('/api/event/surveys/s-1/') && init.method === 'DELETE'
          ? json(409, { code: SURVEY_HAS_DUPLICATED_SURVEYS, message: surveyMessages.surveyInUse })
          : undefined,
      ),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Surveys' }));
    await user.click(await screen.findByRole('button', { name: 'Delete survey Feedback' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(surveyMessages.surveyInUse)).toBeTruthy();
  });

  it('adds a library survey to a session and removes one, from the session drawer', async () => {
    const { fetchMock } = openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: routes(),
    });
    const user = userEvent.setup({ delay: null });
    const drawer = await screen.findByRole('dialog', { name: 'Edit session' });
    expect(await within(drawer).findByText('Feedback')).toBeTruthy();

    // The library offers only what the session does not hold yet.
    const library = within(drawer).getByRole<HTMLInputElement>('combobox', {
      name: 'Add a survey from the library',
    });
    await waitFor(() => expect(library.disabled).toBe(false));
    const listbox = await openOptionList(user, library);
    const offered = await within(listbox).findAllByRole('option', { hidden: true });
    expect(offered.map((option) => option.textContent)).toEqual(['Exit poll']);
    await user.click(offered[0]!);
    await user.click(within(drawer).getByRole('button', { name: 'Add survey' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/surveys/s-2/duplicate/')).toEqual([
        expect.objectContaining({ method: 'POST', body: { broadcast: 'b-1' } }),
      ]),
    );

    await user.click(within(drawer).getByRole('button', { name: 'Remove survey Feedback from the session' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/surveys/s-3/detach/')).toEqual([
        expect.objectContaining({ method: 'POST', body: { broadcast: 'b-1' } }),
      ]),
    );
  });

  it('shows the spec’s toast when a session’s surveys cannot be read', async () => {
    openStudio('/events/e-1/programs/agenda?broadcastId=b-1', {
      user: ada,
      routes: routes((path) =>
        path.startsWith('/api/event/surveys/')
          ? json(500, { message: 'down', code: 'SERVER_ERROR' })
          : undefined,
      ),
    });
    expect(await screen.findByText(surveyMessages.errorFetchingSurveys)).toBeTruthy();
  });
});
