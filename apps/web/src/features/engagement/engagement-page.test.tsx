import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { broadcast } from '../../testing/agenda-fixture.ts';
import { chatMessageOf, pollOf, questionOf } from '../../testing/engagement-fixture.ts';
import { chooseOption } from '../../testing/option-list.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { onPhone } from '../../testing/narrow-screen.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { TOUCH_ONLY_QUERY } from './action-tooltip.tsx';
import {
  engagementPanelMessages,
  type ChatMessage,
  type Page,
  type Poll,
  type QueueQuestion,
} from '@studio/domain';

beforeEach(() => {
  FakeSocket.instances = [];
});

const testSetupMatchMedia = window.matchMedia.bind(window);
afterEach(() => {
  window.matchMedia = testSetupMatchMedia;
});

const QUEUES = '/api/events/e-1/engagement';
const script = '<img src=x onerror="window.hacked=1">';

interface Queues {
  messages: ChatMessage[];
  questions: QueueQuestion[];
  polls: Poll[];
}

const queues = (changes: Partial<Queues> = {}): Queues => ({
  messages: [chatMessageOf('m-1', script)],
  questions: [
    {
      ...questionOf('q-1', 'Is it recorded?', { state: 'pending' }),
      session_id: 's-1',
      assigned_speaker_id: null,
    },
  ],
  polls: [pollOf({ state: 'draft' })],
  ...changes,
});

const pageOf = <T,>(results: T[], next: string | null = null): Page<T> => ({
  count: results.length + (next ? 1 : 0),
  next,
  previous: null,
  results,
});

/**
 * The backstage over a fake studio: each queue answers its first page (`pages` adds later ones by
 * offset); `blocked` are the people blocked from the chat.
 */
function openBackstage(
  answer: Queues = queues(),
  pages: Record<string, Page<unknown>> = {},
  blocked: string[] = [],
  first: ExtraRoutes = () => undefined,
) {
  vi.stubGlobal('WebSocket', FakeSocket);
  return openStudio('/events/e-1/engagement', {
    user: ada,
    routes: (path, init) => {
      const own = first(path, init);
      if (own) return own;
      const [route, search = ''] = path.split('?');
      if (route === '/api/event/e-1/')
        return json(200, eventFixture({ id: 'e-1', title: 'Summit', timezone: 'UTC' }));
      if (route === '/api/event/e-1/clear_chat/') {
        answer.messages = [];
        return new Response(null, { status: 204 });
      }
      if (route === '/api/event/broadcasts/')
        return json(200, pageOf([broadcast({ id: 's-1', title: 'Keynote' })]));
      if (!route?.startsWith(QUEUES)) return undefined;
      if (init.method && init.method !== 'GET') return json(200, {});
      if (route === `${QUEUES}/blocks`) return json(200, { person_ids: blocked });
      const queue = route.slice(QUEUES.length + 1) as keyof Queues;
      const offset = new URLSearchParams(search).get('offset') ?? '0';
      // The questions of one session (or the event-wide ones, 'event'), of one state, as the server filters them.
      const session = new URLSearchParams(search).get('session_id');
      const state = new URLSearchParams(search).get('state');
      if (queue === 'questions' && (session || state)) {
        const rows = answer.questions.filter(
          (one) =>
            (!session || one.session_id === (session === 'event' ? null : session)) &&
            (!state || one.state === state),
        );
        const limit = Number(new URLSearchParams(search).get('limit') ?? rows.length);
        return json(200, { ...pageOf<unknown>(rows.slice(0, limit)), count: rows.length });
      }
      return json(200, pages[`${queue}@${offset}`] ?? pageOf<unknown>(answer[queue]));
    },
  });
}

/** Clicks `action`, expects the 'Are you sure?' dialog to say `question`, and answers it with `answer`. */
async function confirmed(action: string, question: string, answer: string) {
  await userEvent.click(screen.getByRole('button', { name: action }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  expect(within(confirm).getByText(question)).toBeTruthy();
  await userEvent.click(within(confirm).getByRole('button', { name: answer }));
}

describe('the event backstage (issue 34 §5)', () => {
  it('shows the chat queue, attendee text as text, and deletes, pins and blocks', async () => {
    const { fetchMock } = openBackstage();
    expect(await screen.findByRole('heading', { name: 'Engagement' })).toBeTruthy();
    expect(await screen.findByText(script)).toBeTruthy();
    expect(document.querySelector('img[src=x]')).toBeNull();
    // Asked first, told after: a deleted message cannot be brought back.
    await confirmed(
      'Delete message',
      'The message by Alan Turing will be deleted for everyone. This action cannot be undone.',
      'Delete',
    );
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pin message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Block from chat: Alan Turing' }));
    await waitFor(() =>
      expect(
        [...callsTo(fetchMock, `${QUEUES}/messages/m-1`), ...callsTo(fetchMock, `${QUEUES}/blocks`)]
          .filter(({ method }) => method !== 'GET')
          .map(({ method, body }) => [method, body]),
      ).toEqual([
        ['DELETE', undefined],
        ['PATCH', { pinned: true }],
        ['POST', { person_ids: ['u-2'] }],
      ]),
    );
  });

  it("names each message's channel as attendees see its tab (Public, Session), not its code", async () => {
    openBackstage(
      queues({
        messages: [
          chatMessageOf('m-1', 'Hello all'),
          chatMessageOf('m-2', 'About this talk', { channel: 'session', channel_id: 's-1' }),
        ],
      }),
    );
    const first = (await screen.findByText('Hello all')).closest('li')!;
    expect(within(first).getByText('Public')).toBeTruthy();
    expect(within(first).queryByText('event')).toBeNull();
    const second = screen.getByText('About this talk').closest('li')!;
    expect(within(second).getByText('Session')).toBeTruthy();
    expect(within(second).queryByText('session')).toBeNull();
  });

  it('clears the chat once confirmed, and the queue empties', async () => {
    const { fetchMock } = openBackstage();
    expect(await screen.findByText(script)).toBeTruthy();
    await confirmed(
      'Clear chat',
      'Every message in this event’s chats (public, session, speakers, room and booth chats) will be deleted for everyone. Direct messages are kept. This action cannot be undone.',
      'Clear chat',
    );
    expect(await screen.findByText('Chat cleared')).toBeTruthy();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    expect(screen.queryByText(script)).toBeNull();
    expect(callsTo(fetchMock, '/api/event/e-1/clear_chat/').map(({ method }) => method)).toEqual(['POST']);
  });

  it('reads again only the queues a push says changed (a chat message is not a Q&A read)', async () => {
    const { fetchMock } = openBackstage(queues());
    expect(await screen.findByText(script)).toBeTruthy();
    const reads = () => ({
      messages: callsTo(fetchMock, `${QUEUES}/messages`).length,
      questions: callsTo(fetchMock, `${QUEUES}/questions`).length,
    });
    // The chat's queue and the Q&A badge's count are read.
    await waitFor(() => expect(reads().questions).toBeGreaterThan(0));
    const before = reads();
    const push = (kinds: string[]) =>
      FakeSocket.instances[0]!.push({ type: 'engagement-updated', data: { eventId: 'e-1', kinds } });
    push(['message', 'presence']);
    await waitFor(() => expect(reads().messages).toBe(before.messages + 1));
    expect(reads().questions).toBe(before.questions);
    // The queue's page and the badge's count.
    push(['question']);
    await waitFor(() => expect(reads().questions).toBe(before.questions + 2));
    expect(reads().messages).toBe(before.messages + 1);
  });

  it('drops the messages when the studio socket tells the chat was cleared elsewhere', async () => {
    const answer = queues();
    openBackstage(answer);
    expect(await screen.findByText(script)).toBeTruthy();
    answer.messages = [];
    FakeSocket.instances[0]!.push({
      type: 'engagement-updated',
      data: { eventId: 'e-1', kinds: ['chat-cleared'] },
    });
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('marks a blocked author and lets them post again', async () => {
    const { fetchMock } = openBackstage(queues(), {}, ['u-2']);
    expect(await screen.findByText('Blocked')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Let post again: Alan Turing' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `${QUEUES}/blocks`)
          .filter(({ method }) => method !== 'GET')
          .map(({ method, body }) => [method, body]),
      ).toEqual([['DELETE', { person_ids: ['u-2'] }]]),
    );
  });

  it('approves a pending question and launches a poll', async () => {
    const { fetchMock } = openBackstage();
    await userEvent.click(await screen.findByRole('tab', { name: /Q&A/ }));
    const question = (await screen.findByText('Is it recorded?')).closest('li')!;
    expect(within(question).getByText('Awaiting approval')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${QUEUES}/questions/q-1`).map(({ body }) => body)).toEqual([
        { state: 'open' },
      ]),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Polls' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Launch: Which language?' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${QUEUES}/polls/poll-1`).map(({ body }) => body)).toEqual([
        { state: 'live' },
      ]),
    );
  });

  it("lays a live poll's card out for a phone: the question the width, its controls below, Close in words", async () => {
    onPhone();
    openBackstage(queues({ polls: [pollOf({ state: 'live' })] }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Polls' }));
    const close = await screen.findByRole('button', { name: 'Close: Which language?' });
    // A visible label, not a bare red icon, and a target over 24 px (Mantine's compact-sm: 26 px).
    expect(close.textContent).toBe('Close');
    expect(close.dataset.size).toBe('compact-sm');
    const question = screen.getByText('Which language?').closest<HTMLElement>('.mantine-Group-root')!;
    const show = screen.getByRole('switch', { name: 'Show results to attendees' });
    expect(question.contains(show)).toBe(false);
    expect(question.parentElement?.style.getPropertyValue('flex-direction')).toBe('column');
  });

  it("shows each option's votes and share of the voters, the attendees' rounding", async () => {
    const options = [
      { id: 'o-1', text: 'Ada', votes: 2 },
      { id: 'o-2', text: 'Lisp', votes: 1 },
    ];
    openBackstage(queues({ polls: [pollOf({ state: 'closed', options, total_votes: 3 })] }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Polls' }));
    expect(await screen.findByText('2 votes · 67%')).toBeTruthy();
    expect(screen.getByText('1 vote · 33%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Ada: 67%' }).getAttribute('aria-valuenow')).toBe('67');
  });

  it('creates a multiple-choice poll from its question and options', async () => {
    const { fetchMock } = openBackstage(queues({ polls: [] }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Polls' }));
    expect(await screen.findByText('No polls yet. Create one to launch it during a session.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Best talk?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Keynote');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Panel');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Multiple choice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `${QUEUES}/polls`)
          .filter(({ method }) => method === 'POST')
          .map(({ body }) => body),
      ).toEqual([
        {
          session_id: null,
          question: 'Best talk?',
          options: ['Keynote', 'Panel'],
          multiple: true,
          show_results: false,
        },
      ]),
    );
  });

  it('says at once that two options are the same (case and spaces aside) and creates no such poll', async () => {
    const { fetchMock } = openBackstage(queues({ polls: [] }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Polls' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question' }), 'Best talk?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Same');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 2' }), ' same ');
    expect(screen.getByText(engagementPanelMessages.duplicatePollOption)).toBeTruthy();
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create poll' });
    expect(create.disabled).toBe(true);
    await userEvent.click(create);
    expect(callsTo(fetchMock, `${QUEUES}/polls`).filter(({ method }) => method === 'POST')).toHaveLength(0);
  });

  it('keeps what the organiser types while a poll is being created (only the poll sent is cleared)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openBackstage(queues({ polls: [] }), {}, [], (path, init) =>
      path.startsWith(`${QUEUES}/polls`) && init.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Polls' }));
    const question = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Question' });
    await user.type(question, 'Best talk?');
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Keynote');
    await user.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Panel');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${QUEUES}/polls`).filter(({ method }) => method === 'POST')).toHaveLength(1),
    );
    // The next poll, typed while the first is on its way.
    await user.clear(question);
    await user.type(question, 'Next topic?');
    answer(json(201, pollOf({ id: 'poll-9', question: 'Best talk?' })));
    expect(await screen.findByText('Poll created')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Create poll' }).dataset.loading,
      ).toBeUndefined(),
    );
    expect(question.value).toBe('Next topic?');
  });

  it('pages the chat queue on the server: "Load more" reads the next page', async () => {
    const next = `http://localhost${QUEUES}/messages?limit=50&offset=1`;
    const { fetchMock } = openBackstage(queues(), {
      'messages@0': pageOf([chatMessageOf('m-2', 'Newest')], next),
      'messages@1': pageOf([chatMessageOf('m-1', 'Oldest')]),
    });
    expect(await screen.findByText('Newest')).toBeTruthy();
    expect(screen.queryByText('Oldest')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Oldest')).toBeTruthy();
    expect(
      callsTo(fetchMock, `${QUEUES}/messages`).map(({ url }) => new URL(url, 'http://x').search),
    ).toEqual(['?limit=50&offset=0', '?limit=50&offset=1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it.each([
    ['pinned', 'Unpin question'],
    ['hidden', 'Show question'],
    ['dismissed', 'Reopen question'],
  ] as const)('offers the way back from %s: "%s" opens the question again', async (state, undo) => {
    const { fetchMock } = openBackstage(
      queues({
        questions: [
          {
            ...questionOf('q-1', 'Is it recorded?', { state }),
            session_id: 's-1',
            assigned_speaker_id: null,
          },
        ],
      }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: /Q&A/ }));
    const question = (await screen.findByText('Is it recorded?')).closest('li')!;
    await userEvent.click(within(question).getByRole('button', { name: undo }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${QUEUES}/questions/q-1`).map(({ body }) => body)).toEqual([
        { state: 'open' },
      ]),
    );
  });

  it('unpins an answered question back to answered, not open', async () => {
    const answered = questionOf('q-1', 'Is it recorded?', {
      state: 'pinned',
      answers: [{ id: 'a-1', text: 'Yes', answerer: 'Ada', created_at: '2031-05-01T14:06:00Z' }],
    });
    const { fetchMock } = openBackstage(
      queues({ questions: [{ ...answered, session_id: 's-1', assigned_speaker_id: null }] }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: /Q&A/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unpin question' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, `${QUEUES}/questions/q-1`).map(({ body }) => body)).toEqual([
        { state: 'answered' },
      ]),
    );
  });

  it('says under each empty queue what will appear there, not the page description again', async () => {
    openBackstage(queues({ messages: [], questions: [] }));
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    expect(screen.getByText('Messages attendees post in the event’s chats appear here.')).toBeTruthy();
    expect(screen.getAllByText('Moderate the chat, questions and polls while the event runs.')).toHaveLength(
      1,
    );
    await userEvent.click(screen.getByRole('tab', { name: /Q&A/ }));
    expect(await screen.findByText('No questions yet.')).toBeTruthy();
    expect(screen.getByText('Questions attendees ask appear here to approve, pin and answer.')).toBeTruthy();
    expect(screen.getAllByText('Moderate the chat, questions and polls while the event runs.')).toHaveLength(
      1,
    );
  });

  it('names an action icon in a tooltip on hover with a mouse', async () => {
    openBackstage();
    await userEvent.click(await screen.findByRole('tab', { name: /Q&A/ }));
    await userEvent.hover(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('tooltip', { name: 'Dismiss' })).toBeTruthy();
  });

  it('shows no tooltip over an action icon on a touch screen', async () => {
    window.matchMedia = (query: string) => ({
      ...testSetupMatchMedia(query),
      matches: query === TOUCH_ONLY_QUERY,
    });
    openBackstage();
    await userEvent.click(await screen.findByRole('tab', { name: /Q&A/ }));
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' });
    await userEvent.hover(dismiss);
    await userEvent.click(dismiss);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('filters the Q&A queue on the server: one session’s questions, the event-wide ones, or all', async () => {
    const questions = [
      ...queues().questions,
      { ...questionOf('q-2', 'Where is lunch?'), session_id: null, assigned_speaker_id: null },
    ];
    const { fetchMock } = openBackstage(queues({ questions }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Q&A/ }));
    expect(await screen.findByText('Where is lunch?')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Session' });
    expect((filter as HTMLInputElement).value).toBe('All questions');

    await chooseOption(user, filter, 'Keynote');
    await waitFor(() => expect(screen.queryByText('Where is lunch?')).toBeNull());
    expect(screen.getByText('Is it recorded?')).toBeTruthy();
    await chooseOption(user, filter, 'Event-wide (no session)');
    expect(await screen.findByText('Where is lunch?')).toBeTruthy();
    expect(screen.queryByText('Is it recorded?')).toBeNull();
    await chooseOption(user, filter, 'All questions');
    expect(await screen.findByText('Is it recorded?')).toBeTruthy();
    // Each filter asked the server once (all questions again after: the cached page read anew).
    expect(
      callsTo(fetchMock, `${QUEUES}/questions`)
        .map(({ url }) => new URLSearchParams(url.split('?')[1]))
        // The Q&A tab's badge counts the event's pending questions apart.
        .filter((search) => search.get('state') !== 'pending')
        .map((search) => search.get('session_id'))
        .slice(0, 3),
    ).toEqual([null, 's-1', 'event']);
  });

  it('badges the Q&A tab with every question of the event awaiting approval, whatever the filter', async () => {
    const answer = queues({
      questions: [
        ...queues().questions,
        {
          ...questionOf('q-2', 'Where is lunch?', { state: 'pending' }),
          session_id: null,
          assigned_speaker_id: null,
        },
        { ...questionOf('q-3', 'Slides?', { state: 'open' }), session_id: 's-1', assigned_speaker_id: null },
      ],
    });
    openBackstage(answer);
    const user = userEvent.setup();
    const tab = await screen.findByRole('tab', {
      name: /^Q&A\s*2 questions awaiting approval in the event$/,
    });
    await user.click(tab);
    await chooseOption(user, screen.getByRole('combobox', { name: 'Session' }), 'Keynote');
    await waitFor(() => expect(screen.queryByText('Where is lunch?')).toBeNull());
    expect(
      screen.getByRole('tab', { name: /^Q&A\s*2 questions awaiting approval in the event$/ }),
    ).toBeTruthy();
    // Approved elsewhere: the push reads the count again.
    answer.questions = answer.questions.map((one) => (one.id === 'q-2' ? { ...one, state: 'open' } : one));
    FakeSocket.instances[0]!.push({
      type: 'engagement-updated',
      data: { eventId: 'e-1', kinds: ['question'] },
    });
    expect(
      await screen.findByRole('tab', { name: /^Q&A\s*1 question awaiting approval in the event$/ }),
    ).toBeTruthy();
  });

  it('a pushed question shows in the lists it belongs to (its session’s, every question’s), never another', async () => {
    const answer = queues();
    openBackstage(answer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Q&A/ }));
    expect(await screen.findByText('Is it recorded?')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Session' });
    await chooseOption(user, filter, 'Keynote');
    const inSession = {
      ...questionOf('q-8', 'New in the keynote'),
      session_id: 's-1',
      assigned_speaker_id: null,
    };
    const eventWide = { ...questionOf('q-9', 'New event-wide'), session_id: null, assigned_speaker_id: null };
    answer.questions = [inSession, eventWide, ...answer.questions];
    FakeSocket.instances[0]!.push({
      type: 'engagement-updated',
      data: { eventId: 'e-1', kinds: ['question'] },
    });
    expect(await screen.findByText('New in the keynote')).toBeTruthy();
    expect(screen.queryByText('New event-wide')).toBeNull();

    await chooseOption(user, filter, 'Event-wide (no session)');
    expect(await screen.findByText('New event-wide')).toBeTruthy();
    expect(screen.queryByText('New in the keynote')).toBeNull();
    expect(screen.queryByText('Is it recorded?')).toBeNull();

    // Every question's list, cached from before the push, is read again when shown.
    await chooseOption(user, filter, 'All questions');
    expect(await screen.findByText('New in the keynote')).toBeTruthy();
    expect(await screen.findByText('New event-wide')).toBeTruthy();
    expect(screen.getByText('Is it recorded?')).toBeTruthy();
  });
});
