import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OnDemandVideo } from '@studio/domain';
import {
  chatMessageOf,
  engagementState,
  stubEngagementFetch,
  type EngagementAnswers,
} from '../../../testing/engagement-fixture.ts';
import { keynoteLive, openEventApp } from '../../../testing/event-app-shell.tsx';
import { bufferSource } from '../../../testing/event-app-fixture.ts';
import { json } from '../../../testing/fake-studio-api.ts';

const video = (id: string, title: string, session: string | null): OnDemandVideo => ({
  id,
  title,
  session,
  hls_url: `http://studio.test/${id}.m3u8`,
  duration: 600,
  thumbnail_url: null,
});

const answers = (changes: EngagementAnswers = {}): EngagementAnswers => ({
  engagement: engagementState(),
  'chat/event': [],
  'chat/session': [],
  'chat/speakers': [],
  'chat/direct': [],
  qna: [],
  polls: [],
  presence: { present: 0, per_session: {}, people: [] },
  'on-demand': [],
  documents: [],
  ...changes,
});

const sidebar = () => screen.findByRole('tablist', { name: 'Chat, Q&A and polls' });
const chatTabs = () => screen.findByRole('tablist', { name: 'Chat' });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('GIFs in the chat (gifs_enabled)', () => {
  it('sends a bundled GIF from the picker and shows it, named, in the list', async () => {
    const fetch = stubEngagementFetch(answers({ engagement: engagementState({ gifs: true }) }), (_n, body) =>
      chatMessageOf('m-9', '', { channel: 'session', channel_id: 's-1', gif: (body as { gif: string }).gif }),
    );
    openEventApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a GIF' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the Applause GIF' }));
    expect(await screen.findByRole('img', { name: 'Applause GIF' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/e/e-1/api/chat/session',
      expect.objectContaining({
        body: JSON.stringify({ text: '', gif: 'applause', parent_id: null, channel_id: 's-1' }),
      }),
    );
    expect(screen.queryByRole('button', { name: 'Send the Applause GIF' })).toBeNull();
  });

  it("puts the GIF button in the composer, after Send (on a phone the composer's row sticks to the window's foot)", async () => {
    stubEngagementFetch(answers({ engagement: engagementState({ gifs: true }) }));
    openEventApp();
    const composer = (await screen.findByRole('textbox', { name: 'Message' })).closest('form')!;
    const buttons = within(composer)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons).toEqual(['Send', 'Choose a GIF']);
  });

  it('offers no picker when the event turns GIFs off', async () => {
    stubEngagementFetch(answers());
    openEventApp();
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Choose a GIF' })).toBeNull();
  });
});

describe('the stage chat tabs (002 §2.1)', () => {
  it("shows Speakers to the session's speakers, first, and opens the Session chat", async () => {
    stubEngagementFetch(
      answers({
        engagement: engagementState({}, { role: 'speaker', speaker_sessions: ['s-1'] }),
        'chat/speakers': [
          chatMessageOf('m-1', 'Ready in five', {
            channel: 'speakers',
            author: { id: 'u-3', name: 'Olga', role: 'staff' },
          }),
        ],
      }),
    );
    openEventApp();
    const tabs = await chatTabs();
    expect(names(tabs)).toEqual(['Speakers', 'Session', 'Public']);
    expect(within(tabs).getByRole('tab', { name: 'Session' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Speakers' }));
    expect(await screen.findByText('Ready in five')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Staff' })).toBeTruthy();
  });

  it('opens the Public chat while no session is on stage', async () => {
    stubEngagementFetch(answers());
    openEventApp(bufferSource);
    const tabs = await chatTabs();
    expect(names(tabs)).toEqual(['Session', 'Public']);
    expect(within(tabs).getByRole('tab', { name: 'Public' }).getAttribute('aria-selected')).toBe('true');
  });

  it("never shows a session's Speakers chat to a speaker of another session", async () => {
    stubEngagementFetch(
      answers({ engagement: engagementState({}, { role: 'speaker', speaker_sessions: ['s-2'] }) }),
    );
    openEventApp();
    expect(names(await chatTabs())).toEqual(['Session', 'Public']);
  });

  it('never shows the Speakers chat to attendees; a speaker is marked in every message', async () => {
    stubEngagementFetch(
      answers({
        'chat/session': [
          chatMessageOf('m-1', 'Thanks for coming', {
            channel: 'session',
            author: { id: 'u-4', name: 'Sam', role: 'speaker' },
          }),
        ],
      }),
    );
    openEventApp();
    expect(names(await chatTabs())).toEqual(['Session', 'Public']);
    const message = (await screen.findByText('Thanks for coming')).closest('li')!;
    expect(within(message).getByRole('img', { name: 'Speaker' })).toBeTruthy();
  });
});

describe('unread counts', () => {
  it('counts direct messages on Messages while another tab is open, and clears them when it opens', async () => {
    stubEngagementFetch(answers());
    const { pushEngagement } = openEventApp();
    await chatTabs();
    pushEngagement([
      {
        type: 'message',
        message: chatMessageOf('d-1', 'Coffee later?', { channel: 'direct', channel_id: 'u-1' }),
      },
    ]);
    const messages = within(await sidebar()).getByRole('tab', { name: /Messages/ });
    expect(within(messages).getByLabelText('1 unread')).toBeTruthy();
    expect(within(await sidebar()).getByRole('tab', { name: 'Chat' })).toBeTruthy();
    fireEvent.click(messages);
    await waitFor(() => expect(screen.queryByLabelText('1 unread')).toBeNull());
  });
});

describe('the windowed chat history', () => {
  it('renders only the rows in view, loads the older page when scrolled to the top and stays anchored', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chat-scroll') ? 300 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(6000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('chat-message') ? 60 : 0;
    });
    // As a browser: a scroll position within the content, and a scroll event for every change.
    const positions = new WeakMap<Element, number>();
    vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
      return positions.get(this) ?? 0;
    });
    vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, top: number) {
      positions.set(this, Math.max(0, Math.min(top, 6000 - 300)));
      this.dispatchEvent(new Event('scroll'));
    });
    const history = Array.from({ length: 100 }, (_, index) =>
      chatMessageOf(`m-${100 - index}`, `Message ${100 - index}`, { channel: 'session', channel_id: 's-1' }),
    );
    const fetch = stubEngagementFetch(answers({ 'chat/session': history }));
    openEventApp();
    expect(await screen.findByText('Message 100')).toBeTruthy();
    const scroller = document.querySelector<HTMLElement>('.chat-scroll')!;
    expect(scroller.querySelectorAll('li.chat-message').length).toBeLessThan(50);
    expect(screen.queryByText('Message 1')).toBeNull();

    fetch.mockImplementationOnce(() =>
      Promise.resolve(json(200, [chatMessageOf('m-0', 'The very first', { channel: 'session' })])),
    );
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        '/e/e-1/api/chat/session?channel_id=s-1&before=m-1&limit=50',
        expect.anything(),
      ),
    );
    // The message first in view stays in view: the list scrolled down by the page it put above it.
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(0));
    expect(screen.getByText('Message 1')).toBeTruthy();
  });
});

describe('session documents', () => {
  it("lists the session's files to download and links to open in the Docs tab, titles as text", async () => {
    const fetch = stubEngagementFetch(
      answers({
        documents: [
          {
            id: 'd-1',
            session_id: 's-1',
            kind: 'file',
            title: '<img src=x onerror=alert(1)> Slides',
            url: '/api/files/o-1/events/e-1/ab/slides.pdf',
            created_at: '2031-05-01T12:00:00Z',
          },
          {
            id: 'd-2',
            session_id: 's-1',
            kind: 'link',
            title: 'Reading list',
            url: 'https://example.com/reading',
            created_at: '2031-05-01T12:01:00Z',
          },
        ],
      }),
    );
    openEventApp();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Docs' }));
    const file = await screen.findByRole('link', { name: 'Download <img src=x onerror=alert(1)> Slides' });
    expect(file.getAttribute('href')).toBe('/api/files/o-1/events/e-1/ab/slides.pdf');
    expect(file.hasAttribute('download')).toBe(true);
    expect(document.querySelector('.docs-list img')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open Reading list in a new tab' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(fetch).toHaveBeenCalledWith('/e/e-1/api/documents?session_id=s-1', expect.anything());
  });

  it('says so when the session has none', async () => {
    stubEngagementFetch(answers());
    openEventApp();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Docs' }));
    expect(await screen.findByText('No documents for this session yet.')).toBeTruthy();
  });
});

describe('videos on demand', () => {
  it("lists the session's videos and recordings in the Media tab, with an empty state otherwise", async () => {
    stubEngagementFetch(
      answers({ 'on-demand': [video('v-1', 'Keynote', 's-1'), video('v-2', 'Workshop', 's-2')] }),
    );
    openEventApp();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Media' }));
    expect(await screen.findByRole('button', { name: 'Play Keynote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Play Workshop' })).toBeNull();
  });

  it('says so when the session has none', async () => {
    stubEngagementFetch(answers());
    openEventApp();
    fireEvent.click(within(await sidebar()).getByRole('tab', { name: 'Media' }));
    expect(await screen.findByText('No videos of this session to watch on demand yet.')).toBeTruthy();
  });

  it("shows the event's recordings as a playable list once the event has ended", async () => {
    stubEngagementFetch(
      answers({ 'on-demand': [video('v-1', 'Keynote', 's-1'), video('r-1', 'Panel recording', null)] }),
    );
    openEventApp({ ...keynoteLive, kind: 'ended', session: null, hls_url: null });
    const ended = await screen.findByRole('region', { name: 'Watch on demand' });
    expect(within(ended).getByText('The event has ended.')).toBeTruthy();
    const player = await within(ended).findByLabelText('Keynote');
    expect(player.tagName).toBe('VIDEO');
    fireEvent.click(within(ended).getByRole('button', { name: 'Play Panel recording' }));
    expect((await within(ended).findByLabelText('Panel recording')).getAttribute('data-source')).toBe('r-1');
  });
});
