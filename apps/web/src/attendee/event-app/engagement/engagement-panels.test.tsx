import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  chatMessageOf,
  engagementState,
  pollOf,
  questionOf,
  stubEngagementFetch,
  type EngagementAnswers,
} from '../../../testing/engagement-fixture.ts';
import { eventAppEvent } from '../../../testing/event-app-fixture.ts';
import { keynoteLive, openEventApp } from '../../../testing/event-app-shell.tsx';

const event = eventAppEvent({
  tabs: [
    { tab: 'stage', title: 'Stage' },
    { tab: 'agenda', title: 'Agenda' },
    { tab: 'people', title: 'Attendees' },
  ],
});

const answers = (changes: EngagementAnswers = {}): EngagementAnswers => ({
  engagement: engagementState(),
  'chat/event': [],
  'chat/session': [],
  qna: [],
  polls: [],
  presence: { present: 0, per_session: {}, people: [] },
  ...changes,
});

const sidebar = () => screen.findByRole('tablist', { name: 'Chat, Q&A and polls' });
const tabNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('the engagement sidebar', () => {
  it('shows the tabs the event’s features offer, 002 §2.1’s list (People is the navigator’s tab only), on one scrolling row', async () => {
    stubEngagementFetch(answers());
    openEventApp(keynoteLive, event);
    const tabs = await sidebar();
    expect(tabNames(tabs)).toEqual(['Chat', 'Messages', 'Docs', 'Polls', 'Q&A', 'Media']);
    // One row that scrolls sideways (event-app.css `.tab-bar.scroll`), not two wrapped rows.
    expect(tabs.classList).toContain('scroll');
    // The navigator keeps its People tab, titled as the event names it.
    expect(
      within(screen.getByRole('tablist', { name: event.title })).getByRole('tab', { name: 'Attendees' }),
    ).toBeTruthy();
  });

  it('says how many people are here in Messages (the sidebar has no People tab)', async () => {
    stubEngagementFetch(
      answers({
        presence: { present: 2, per_session: {}, people: [{ id: 'u-2', name: 'Bea Hopper' }] },
      }),
    );
    const user = userEvent.setup();
    openEventApp(keynoteLive, event);
    await user.click(within(await sidebar()).getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByText('2 people here now')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bea Hopper' })).toBeTruthy();
  });

  it('hides Messages without direct messages, Q&A without text Q&A, Chat when every chat is off', async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({
          directMessages: false,
          qna: false,
          eventChat: 'off',
          sessionChat: false,
        }),
      }),
    );
    openEventApp(keynoteLive, eventAppEvent());
    expect(tabNames(await sidebar())).toEqual(['Docs', 'Polls', 'Media']);
  });

  it('shows the public chat read-only, "Announcements only", when only staff post', async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({ eventChat: 'staff', sessionChat: false }),
        'chat/event': [
          chatMessageOf('m-1', 'Doors open at 9', { author: { id: 's', name: 'Host', role: 'staff' } }),
        ],
      }),
    );
    openEventApp(keynoteLive, event);
    expect(await screen.findByText('Doors open at 9')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Staff' })).toBeTruthy();
    expect(screen.getByText('Announcements only')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('shows script in a message as text, never as markup', async () => {
    const script = '<img src=x onerror="window.hacked=1"><script>alert(1)</script>';
    stubEngagementFetch(answers({ 'chat/session': [chatMessageOf('m-1', script, { channel: 'session' })] }));
    openEventApp(keynoteLive, event);
    const text = await screen.findByText(script);
    const panel = text.closest('[role=tabpanel]')!;
    expect(panel.querySelector('script, img[src=x]')).toBeNull();
  });

  it('merges a pushed batch into the session chat, removes a deleted message, counts unread while away', async () => {
    stubEngagementFetch(
      answers({
        'chat/session': [chatMessageOf('m-1', 'First!', { channel: 'session', channel_id: 's-1' })],
      }),
    );
    const { pushEngagement } = openEventApp(keynoteLive, event);
    expect(await screen.findByText('First!')).toBeTruthy();
    pushEngagement([
      {
        type: 'message',
        message: chatMessageOf('m-2', 'Great talk', { channel: 'session', channel_id: 's-1' }),
      },
    ]);
    expect(await screen.findByText('Great talk')).toBeTruthy();
    pushEngagement([{ type: 'message-removed', id: 'm-1' }]);
    await waitFor(() => expect(screen.queryByText('First!')).toBeNull());

    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    pushEngagement([
      { type: 'message', message: chatMessageOf('m-3', 'Hello', { channel: 'session', channel_id: 's-1' }) },
    ]);
    expect(within(await sidebar()).getByRole('tab', { name: /Chat/ }).textContent).toBe('Chat1');
    expect(screen.getByLabelText('1 unread')).toBeTruthy();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: /Chat/ }));
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(screen.queryByLabelText('1 unread')).toBeNull();
  });

  it('marks the Public tab with the announcements that arrive while the Session chat is shown, until it is opened', async () => {
    stubEngagementFetch(answers());
    const { pushEngagement } = openEventApp(keynoteLive, event);
    const chatTabs = await screen.findByRole('tablist', { name: 'Chat' });
    expect(within(chatTabs).getByRole('tab', { selected: true }).textContent).toBe('Session');
    const announcement = (id: string) =>
      chatMessageOf(id, 'Doors open at 9', { author: { id: 'staff-1', name: 'Host', role: 'staff' } });
    pushEngagement([
      { type: 'message', message: announcement('m-1') },
      { type: 'message', message: announcement('m-2') },
    ]);
    const publicTab = await within(chatTabs).findByRole('tab', { name: 'Public, 2 new messages' });
    expect(within(chatTabs).getByRole('tab', { name: 'Session' })).toBeTruthy();
    fireEvent.click(publicTab);
    await waitFor(() => expect(within(chatTabs).getByRole('tab', { name: 'Public' })).toBeTruthy());
    fireEvent.click(within(chatTabs).getByRole('tab', { name: 'Session' }));
    expect(within(chatTabs).getByRole('tab', { name: 'Public' })).toBeTruthy();
  });

  it('drops the Chat tab’s unread count when the chat is cleared, keeping what arrives after and direct ones', async () => {
    stubEngagementFetch(answers());
    const { pushEngagement } = openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    const inSession = (id: string, text: string) => ({
      type: 'message' as const,
      message: chatMessageOf(id, text, { channel: 'session', channel_id: 's-1' }),
    });
    const direct = {
      type: 'message' as const,
      message: chatMessageOf('d-1', 'Coffee later?', { channel: 'direct', channel_id: 'u-1' }),
    };
    const tabTitle = (name: RegExp) =>
      within(screen.getByRole('tablist', { name: 'Chat, Q&A and polls' })).getByRole('tab', { name })
        .textContent;
    pushEngagement([inSession('m-1', 'Hello'), inSession('m-2', 'Anyone?'), direct]);
    await waitFor(() => expect(tabTitle(/^Chat/)).toBe('Chat2'));
    pushEngagement([{ type: 'chat-cleared' }]);
    await waitFor(() => expect(tabTitle(/^Chat/)).toBe('Chat'));
    expect(tabTitle(/^Messages/)).toBe('Messages1');
    pushEngagement([{ type: 'chat-cleared' }, inSession('m-3', 'Fresh start')]);
    await waitFor(() => expect(tabTitle(/^Chat/)).toBe('Chat1'));
  });

  it('posts to the session on stage', async () => {
    const fetch = stubEngagementFetch(answers(), (_name, body) =>
      chatMessageOf('m-9', (body as { text: string }).text, { channel: 'session', channel_id: 's-1' }),
    );
    openEventApp(keynoteLive, event);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hi all' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Hi all')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/chat/session',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ text: 'Hi all', parent_id: null, channel_id: 's-1' }),
      }),
    );
  });

  it('sends with Enter, breaks the line with Shift+Enter, and says so in the box', async () => {
    const fetch = stubEngagementFetch(answers(), (_name, body) =>
      chatMessageOf('m-9', (body as { text: string }).text, { channel: 'session', channel_id: 's-1' }),
    );
    const user = userEvent.setup();
    openEventApp(keynoteLive, event);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box.getAttribute('placeholder')).toBe('Enter to send, Shift+Enter for a new line');
    // Enter in an empty box sends nothing.
    await user.click(box);
    await user.keyboard('{Enter}');
    await user.keyboard('Two{Shift>}{Enter}{/Shift}lines{Enter}');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/e/e-1/api/chat/session',
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ text: 'Two\nlines', parent_id: null, channel_id: 's-1' }),
        }),
      ),
    );
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows when each message was sent: a <time> with the instant, the short time in the reader’s zone', async () => {
    stubEngagementFetch(
      answers({
        'chat/session': [
          chatMessageOf('m-1', 'Morning all', {
            channel: 'session',
            channel_id: 's-1',
            created_at: '2031-05-01T14:05:00Z',
          }),
        ],
      }),
    );
    openEventApp(keynoteLive, event);
    const message = (await screen.findByText('Morning all')).closest('li')!;
    const time = message.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2031-05-01T14:05:00Z');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone })
      .format(new Date('2031-05-01T14:05:00Z'))
      .replace(/\u202f/g, ' ');
    expect(time?.textContent).toBe(expected);
  });
});

describe('the chat history', () => {
  it('loads the page before the oldest message shown, and shows it above', async () => {
    const page = Array.from({ length: 50 }, (_, index) =>
      chatMessageOf(`m-${50 - index}`, `Message ${50 - index}`, { channel: 'session', channel_id: 's-1' }),
    );
    const fetch = stubEngagementFetch(answers({ 'chat/session': page }));
    openEventApp(keynoteLive, event);
    expect(await screen.findByText('Message 50')).toBeTruthy();
    fetch.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify([chatMessageOf('m-0', 'The very first', { channel: 'session' })]), {
          status: 200,
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    const first = await screen.findByText('The very first');
    expect(fetch).toHaveBeenLastCalledWith(
      '/e/e-1/api/chat/session?channel_id=s-1&before=m-1&limit=50',
      expect.anything(),
    );
    expect(
      first.compareDocumentPosition(screen.getByText('Message 1')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('opens a thread when the event offers threads, and replies in it', async () => {
    const fetch = stubEngagementFetch(
      answers({
        engagement: engagementState({ threads: true }),
        'chat/session': [
          chatMessageOf('m-2', 'Agreed', { channel: 'session', parent_id: 'm-1' }),
          chatMessageOf('m-1', 'Slides please', { channel: 'session' }),
        ],
      }),
      (_name, body) =>
        chatMessageOf('m-3', (body as { text: string }).text, { channel: 'session', parent_id: 'm-1' }),
    );
    openEventApp(keynoteLive, event);
    expect(await screen.findByText('Slides please')).toBeTruthy();
    expect(screen.queryByText('Agreed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '1 reply' }));
    expect(await screen.findByText('Agreed')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Reply to Alan Turing' }), {
      target: { value: '+1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('+1')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/chat/session',
      expect.objectContaining({ body: JSON.stringify({ text: '+1', parent_id: 'm-1', channel_id: 's-1' }) }),
    );
  });

  it('lets a blocked person read but not post', async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({}, { blocked: true }),
        'chat/session': [chatMessageOf('m-1', 'Hi')],
      }),
    );
    openEventApp(keynoteLive, event);
    expect(await screen.findByText('Hi')).toBeTruthy();
    expect(screen.getByText('You can no longer post in this event.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});

describe('after the event ends', () => {
  it('keeps the chat readable with a note instead of the message box, and polls take no votes', async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({}, { ended: true }),
        'chat/session': [chatMessageOf('m-1', 'Hi')],
        polls: [pollOf()],
      }),
    );
    openEventApp(keynoteLive, event);
    expect(await screen.findByText('Hi')).toBeTruthy();
    expect(screen.getByText('The event has ended. Chat is read-only.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    expect(await screen.findByText('The event has ended. Polls take no more votes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
  });

  it('turns the chat read-only when the event ends while the app is open, before any refusal', async () => {
    const calls = answers({
      engagement: engagementState({}, { ends_at: new Date(Date.now() + 200).toISOString() }),
    });
    stubEngagementFetch(calls);
    openEventApp(keynoteLive, event);
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    calls.engagement = engagementState({}, { ended: true });
    expect(
      await screen.findByText('The event has ended. Chat is read-only.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('keeps Q&A readable with a note instead of the question box, and takes no more upvotes', async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({}, { ended: true }),
        qna: [questionOf('q-1', 'Slides?', { upvotes: 2 })],
      }),
    );
    openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Q&A' }));
    const question = (await screen.findByText('Slides?')).closest('li')!;
    expect(within(question).getByText('▲ 2')).toBeTruthy();
    expect(within(question).queryByRole('button', { name: /Upvote/ })).toBeNull();
    expect(screen.getByText('The event has ended. Q&A is read-only.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).toBeNull();
  });
});

describe('room chat', () => {
  const withRooms = eventAppEvent({
    tabs: [
      { tab: 'stage', title: 'Stage' },
      { tab: 'rooms', title: 'Rooms' },
    ],
  });
  const rooms = () =>
    Promise.resolve([
      {
        id: 'r-1',
        event: 'e-1',
        name: 'Lounge',
        description: '',
        capacity: null,
        rank: 0,
        is_breakout: false,
        is_booth: false,
        owner: null,
      },
    ]);

  it("opens a room's chat under it when the event offers room chat", async () => {
    stubEngagementFetch(answers({ 'chat/room': [chatMessageOf('m-1', 'Coffee?', { channel: 'room' })] }));
    openEventApp(keynoteLive, withRooms, { rooms });
    fireEvent.click(await screen.findByRole('tab', { name: 'Rooms' }));
    await screen.findByText('Lounge');
    fireEvent.click(await screen.findByRole('button', { name: 'Chat' }));
    expect(await screen.findByText('Coffee?')).toBeTruthy();
  });

  it('offers no room chat when it is off', async () => {
    stubEngagementFetch(answers({ engagement: engagementState({ roomChat: false }) }));
    openEventApp(keynoteLive, withRooms, { rooms });
    await sidebar();
    fireEvent.click(await screen.findByRole('tab', { name: 'Rooms' }));
    await screen.findByText('Lounge');
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
  });
});

describe('the Q&A tab', () => {
  const openQna = async () => fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Q&A' }));

  it('offers no "Ask anonymously" when the event does not allow it', async () => {
    stubEngagementFetch(answers());
    openEventApp(keynoteLive, event);
    await openQna();
    await screen.findByRole('textbox', { name: 'Your question' });
    expect(screen.queryByRole('checkbox', { name: 'Ask anonymously' })).toBeNull();
  });

  it('asks anonymously when allowed; one’s own moderated question awaits approval', async () => {
    const fetch = stubEngagementFetch(
      answers({ engagement: engagementState({ qnaAnonymous: true }) }),
      (_n, body) =>
        questionOf('q-9', (body as { text: string }).text, { asker_name: null, state: 'pending' }),
    );
    openEventApp(keynoteLive, event);
    await openQna();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your question' }), {
      target: { value: 'Is it recorded?' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ask anonymously' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const asked = (await screen.findByText('Awaiting approval')).closest('li')!;
    expect(within(asked).getByText('Is it recorded?')).toBeTruthy();
    expect(within(asked).getByText('Awaiting approval')).toBeTruthy();
    expect(within(asked).getByText('Anonymous')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/qna',
      expect.objectContaining({
        body: JSON.stringify({ text: 'Is it recorded?', anonymous: true, session_id: 's-1' }),
      }),
    );
  });

  it('upvotes once and takes it back, and shows answers by the answerer', async () => {
    const question = questionOf('q-1', 'Slides?', {
      answers: [{ id: 'a-1', text: 'Yes, after the talk', answerer: 'The team', created_at: '' }],
    });
    const fetch = stubEngagementFetch(answers({ qna: [question] }), (_name, _body, method) => ({
      ...question,
      upvoted: method === 'POST',
      upvotes: method === 'POST' ? 1 : 0,
    }));
    openEventApp(keynoteLive, event);
    await openQna();
    // Who answered sits on its own line above the answer.
    expect((await screen.findByText('Answered by The team')).tagName).toBe('DIV');
    // Named by the question with its count (shown beside ▲); aria-pressed says whether it is upvoted.
    const upvote = screen.getByRole('button', { name: 'Upvote: Slides? (0)' });
    expect(upvote.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(upvote);
    const undo = await screen.findByRole('button', { name: 'Upvote: Slides? (1)' });
    expect(undo.getAttribute('aria-pressed')).toBe('true');
    expect(undo.textContent).toBe('▲ 1');
    fireEvent.click(undo);
    await screen.findByRole('button', { name: 'Upvote: Slides? (0)' });
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual(
      expect.arrayContaining(['POST /e/e-1/api/qna/q-1/upvote', 'DELETE /e/e-1/api/qna/q-1/upvote']),
    );
  });
});

describe('the Q&A tab during a session', () => {
  const openQna = async () => fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Q&A' }));

  it('keeps one’s questions asked elsewhere under the session’s list, their answers pushed in', async () => {
    const inSession = questionOf('q-1', 'Slides?', { asker_name: 'Grace' });
    const before = questionOf('q-0', 'Is it recorded?', { asker_name: null });
    const mine = [
      before,
      questionOf('q-h', 'Hidden one', { state: 'hidden' }),
      questionOf('q-2', 'In the panel?', { state: 'pending' }),
      inSession,
    ];
    const fetch = stubEngagementFetch(answers({ qna: [inSession] }));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        input === '/e/e-1/api/qna?mine=true'
          ? Promise.resolve(new Response(JSON.stringify(mine), { status: 200 }))
          : fetch(input, init),
      ),
    );
    const { pushEngagement } = openEventApp(keynoteLive, event);
    await openQna();
    const earlier = (await screen.findByText('Your earlier questions (2)')).closest('details')!;
    expect(within(earlier).getByText('Is it recorded?')).toBeTruthy();
    expect(within(earlier).getByText('Anonymous')).toBeTruthy();
    expect(within(earlier).getByText('Awaiting approval')).toBeTruthy();
    // A hidden question stays out, as in the session's list; the session's own question shows once.
    expect(screen.queryByText('Hidden one')).toBeNull();
    expect(screen.getAllByText('Slides?')).toHaveLength(1);

    pushEngagement([
      {
        type: 'question',
        session_id: null,
        question: {
          ...before,
          state: 'answered',
          answers: [{ id: 'a-1', text: 'Yes, it is', answerer: 'The team', created_at: '' }],
        },
      },
    ]);
    expect(await within(earlier).findByText('Yes, it is')).toBeTruthy();
    expect(within(earlier).getByText('Answered')).toBeTruthy();
  });
});

describe('the Polls tab', () => {
  it('votes once: the choice is sent, then the poll is closed to the voter and shows the results it shares', async () => {
    const fetch = stubEngagementFetch(answers({ polls: [pollOf()] }), () =>
      pollOf({
        voted: ['o-2'],
        show_results: true,
        total_votes: 3,
        options: [
          { id: 'o-1', text: 'Ada', votes: 1 },
          { id: 'o-2', text: 'Lisp', votes: 2 },
        ],
      }),
    );
    openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    const vote = await screen.findByRole('button', { name: 'Vote' });
    expect((vote as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Lisp' }));
    fireEvent.click(vote);
    expect(await screen.findByText('Thanks for voting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
    // The outcome in place of the form: no row of identical grey radios.
    expect(screen.queryByRole('radio')).toBeNull();
    const lisp = screen.getByText('Lisp').closest('li')!;
    expect(lisp.classList).toContain('chosen');
    expect(within(lisp).getByText('Your vote')).toBeTruthy();
    // Each option's share of the voters (2 of 3, 1 of 3), beside its count.
    expect(within(lisp).getByText('67%')).toBeTruthy();
    expect(within(lisp).getByText('2 votes')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Lisp: 67%' })).toBeTruthy();
    const ada = screen.getByText('Ada').closest('li')!;
    expect(ada.classList).not.toContain('chosen');
    expect(within(ada).getByText('33%')).toBeTruthy();
    expect(within(ada).queryByText('Your vote')).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/polls/poll-1/vote',
      expect.objectContaining({ body: JSON.stringify({ option_ids: ['o-2'] }) }),
    );
  });

  it("keeps an event-wide poll shown beside the session's up to date: its vote's answer and a push closing it", async () => {
    stubEngagementFetch(answers({ polls: [pollOf({ session_id: null })] }), () =>
      pollOf({ session_id: null, voted: ['o-2'] }),
    );
    const { pushEngagement } = openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Lisp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Thanks for voting')).toBeTruthy();
    pushEngagement([{ type: 'poll', poll: pollOf({ session_id: null, state: 'closed' }) }]);
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(within(screen.getByText('Lisp').closest('li')!).getByText('Your vote')).toBeTruthy();
  });

  it('marks the person’s own choice when the poll is read again after voting (a reload)', async () => {
    stubEngagementFetch(answers({ polls: [pollOf({ voted: ['o-2'] })] }));
    openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    expect(await screen.findByText('Thanks for voting')).toBeTruthy();
    // A poll that keeps its results to itself: the options, the person's own marked.
    expect(within(screen.getByText('Lisp').closest('li')!).getByText('Your vote')).toBeTruthy();
    expect(screen.getByText('Lisp').closest('li')!.classList).toContain('chosen');
    expect(screen.getByText('Ada').closest('li')!.classList).not.toContain('chosen');
    expect(screen.getAllByText('Your vote')).toHaveLength(1);
    expect(screen.queryByText(/%$/)).toBeNull();
  });

  it('shows a poll launched by a push', async () => {
    stubEngagementFetch(answers());
    const { pushEngagement } = openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    await screen.findByText('No polls yet.');
    pushEngagement([{ type: 'poll', poll: pollOf({ multiple: true }) }]);
    expect(await screen.findByRole('checkbox', { name: 'Ada' })).toBeTruthy();
  });

  it('puts a poll pushed live where a read puts it: the newest first', async () => {
    stubEngagementFetch(answers({ polls: [pollOf({ question: 'Earlier poll?' })] }));
    const { pushEngagement } = openEventApp(keynoteLive, event);
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Polls' }));
    await screen.findByText('Earlier poll?');
    const newer = pollOf({ id: 'poll-2', question: 'Newer poll?', created_at: '2031-05-01T14:20:00Z' });
    pushEngagement([{ type: 'poll', poll: newer, launched: true }]);
    await screen.findByText('Newer poll?');
    const legends = [...document.querySelectorAll('.poll-list legend')].map((legend) => legend.textContent);
    expect(legends).toEqual(['Newer poll?', 'Earlier poll?']);
  });

  it('counts the polls launched while another tab is shown on the Polls tab, until it is opened', async () => {
    stubEngagementFetch(answers());
    const { pushEngagement } = openEventApp(keynoteLive, event);
    const polls = async () => within(await sidebar()).getByRole('tab', { name: /Polls/ });
    expect((await polls()).textContent).toBe('Polls');
    pushEngagement([{ type: 'poll', poll: pollOf(), launched: true }]);
    // A later change of a launched poll (a vote, its results shown) is no new poll.
    pushEngagement([{ type: 'poll', poll: pollOf({ show_results: true }) }]);
    pushEngagement([{ type: 'poll', poll: pollOf({ id: 'poll-2' }), launched: true }]);
    await waitFor(async () => expect((await polls()).textContent).toBe('Polls2'));
    expect(within(await polls()).getByLabelText('2 unread')).toBeTruthy();
    fireEvent.click(await polls());
    await waitFor(async () => expect((await polls()).textContent).toBe('Polls'));
    await screen.findByText('No polls yet.');
    // Launched while the Polls tab is shown: seen at once.
    pushEngagement([{ type: 'poll', poll: pollOf({ id: 'poll-3' }), launched: true }]);
    expect(await screen.findByRole('radio', { name: 'Ada' })).toBeTruthy();
    expect((await polls()).textContent).toBe('Polls');
  });
});

describe('the stage', () => {
  it('shows the session on stage, and the holding slide while its live input has no feed', async () => {
    stubEngagementFetch(answers());
    openEventApp({ ...keynoteLive, hls_url: null }, event);
    expect(await screen.findByRole('heading', { name: 'Keynote' })).toBeTruthy();
    const slide = await screen.findByRole('status');
    expect(slide.textContent).toBe("KeynoteWe'll be right back");
  });

  it('keeps every navigator tab reachable at phone width: a scrolling bar, arrow keys, the chosen tab scrolled into view', async () => {
    stubEngagementFetch(answers());
    vi.stubGlobal('innerWidth', 390);
    const tabs = (
      ['stage', 'agenda', 'rooms', 'booths', 'secondary_booths', 'speakers', 'people'] as const
    ).map((tab) => ({ tab, title: `${tab} tab` }));
    openEventApp(keynoteLive, eventAppEvent({ tabs }));
    const bar = await screen.findByRole('tablist', { name: 'Summit' });
    expect(bar.className).toBe('tab-bar');
    expect(tabNames(bar)).toEqual(tabs.map((tab) => tab.title));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    fireEvent.click(within(bar).getByRole('tab', { name: 'people tab' }));
    expect(scrolled).toHaveBeenCalled();
    expect(within(bar).getByRole('tab', { name: 'people tab' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(within(bar).getByRole('tab', { name: 'people tab' }), { key: 'ArrowLeft' });
    expect(within(bar).getByRole('tab', { name: 'speakers tab' }).getAttribute('aria-selected')).toBe('true');
  });
});
