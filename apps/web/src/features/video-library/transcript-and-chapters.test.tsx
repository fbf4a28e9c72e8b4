import { videoLibraryMessages, type TranscriptAnswer } from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ada, FakeSocket, json } from '../../testing/fake-studio-api.ts';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { openStudio, queriesReadOnATimer } from '../../testing/open-studio.tsx';
import { completedTranscription, videoAsset } from '../../ui/video-asset-fixture.ts';
import { reorderTitles } from './chapters-editor.tsx';
import { nameSpeaker, speakersOf } from './transcript-panel.tsx';

const talk = videoAsset({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Panel',
  duration: 600,
  transcode_status: 'COMPLETE',
  metadata: {
    chapters: [
      { title: 'Intro', start_time: 0 },
      { title: 'Panel', start_time: 120 },
    ],
  },
});

const transcript: TranscriptAnswer = {
  url: `http://studio.test/api/core/video_assets/${talk.id}/transcript/`,
  items: [
    {
      start_time: 0.5,
      end_time: 2,
      type: 'pronunciation',
      speaker_label: 'spk_0',
      alternatives: [{ content: 'hello every one' }],
    },
    {
      start_time: 3,
      end_time: 5,
      type: 'pronunciation',
      speaker_label: 'spk_0',
      alternatives: [{ content: 'welcome' }],
    },
  ],
  transcription: { ...completedTranscription, progress: 1 },
  downloadable: true,
};

function routes(sent: { method: string; path: string; body: unknown }[], answer = transcript) {
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0]!;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (init.method !== 'GET' && path.startsWith('/api/core/video_assets/'))
      sent.push({ method: init.method ?? 'GET', path, body });
    if (path === `/api/core/video_assets/${talk.id}/`) return json(200, talk);
    if (path === `/api/core/video_assets/${talk.id}/usage/`) return json(200, []);
    if (path === `/api/core/video_assets/${talk.id}/transcript/` && init.method === 'PUT')
      return json(200, {
        ...answer,
        items: (body as { items: unknown[] }).items,
        transcription: { ...answer.transcription, source: 'EDITED' },
      });
    if (path === `/api/core/video_assets/${talk.id}/transcript/`) return json(200, answer);
    if (path === `/api/core/video_assets/${talk.id}/chapters/`)
      return json(200, { ...talk, metadata: { chapters: (body as { chapters: unknown[] }).chapters } });
    return undefined;
  };
}

describe('transcript rules', () => {
  it('lists speakers once and names all their lines', () => {
    const named = nameSpeaker(transcript.items, 'spk_0', 'Ada');
    expect(speakersOf(named)).toEqual([{ label: 'spk_0', name: 'Ada' }]);
    expect(named.map((item) => item.speaker_name)).toEqual(['Ada', 'Ada']);
  });

  it('moves titles between start times when chapters are reordered', () => {
    const rows = [
      { id: 'a', title: 'Intro', start: '0:00' },
      { id: 'b', title: 'Panel', start: '2:00' },
    ];
    expect(reorderTitles(rows, [rows[1]!, rows[0]!])).toEqual([
      { id: 'b', title: 'Panel', start: '0:00' },
      { id: 'a', title: 'Intro', start: '2:00' },
    ]);
  });
});

describe('the video page’s transcript and chapters', { timeout: 90_000 }, () => {
  it('edits the transcript: names the speaker, corrects a line, saves every item', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes(sent) });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Transcript' }, { timeout: 20_000 });
    expect(screen.getByText('2 lines, by pocketsphinx.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Name of Speaker 1' }), 'Ada');
    const line = within(table).getByRole('textbox', { name: 'Text at 0:00' });
    await user.clear(line);
    await user.type(line, 'Hello everyone');
    await user.click(screen.getByRole('button', { name: 'Save transcript' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      items: [
        { ...transcript.items[0], speaker_name: 'Ada', alternatives: [{ content: 'Hello everyone' }] },
        { ...transcript.items[1], speaker_name: 'Ada' },
      ],
    });
    expect(await screen.findByText('Transcript saved.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download transcript' })).toBeTruthy();
  });

  it('stacks each line on a phone: time and speaker on a row, the text the full width below', async () => {
    onPhone();
    try {
      openStudio(`/videos/${talk.id}`, { user: ada, routes: routes([]) });
      const list = await screen.findByRole('list', { name: 'Transcript' }, { timeout: 20_000 });
      expect(screen.queryByRole('table', { name: 'Transcript' })).toBeNull();
      const [first] = within(list).getAllByRole('listitem');
      const text = within(first!).getByRole('textbox', { name: 'Text at 0:00' });
      const speaker = within(first!).getByRole('textbox', { name: 'Speaker at 0:00' });
      // The time and the speaker share a row; the text is not in it.
      const row = speaker.closest('.mantine-Group-root')!;
      expect(within(row as HTMLElement).getByText('0:00')).toBeTruthy();
      expect(row.contains(text)).toBe(false);
      expect((text as HTMLTextAreaElement).value).toBe('hello every one');
    } finally {
      onWideScreen();
    }
  });

  it('shows a transcription in progress, with no download yet', async () => {
    const processing = {
      ...transcript,
      items: [],
      transcription: { ...transcript.transcription, status: 'PROCESSING' as const, progress: 0.4 },
    };
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes([], processing) });
    expect(
      await screen.findByRole('progressbar', { name: 'Transcription progress' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download transcript' })).toBeNull();
  });

  it("follows the transcription's pushed progress to its end, reading nothing on a timer", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const running = (progress: number) => ({
      ...transcript.transcription,
      status: 'PROCESSING' as const,
      progress,
    });
    const answer = { ...transcript, items: [], transcription: running(0.2) };
    const { queryClient } = openStudio(`/videos/${talk.id}`, { user: ada, routes: routes([], answer) });
    const bar = await screen.findByRole('progressbar', { name: 'Transcription progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(queriesReadOnATimer(queryClient)).toEqual([]);
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const push = (transcription: TranscriptAnswer['transcription']) =>
      act(() => {
        for (const socket of FakeSocket.instances)
          socket.push({ type: 'video-transcript-updated', data: { id: talk.id, transcription } });
      });

    answer.transcription = running(0.7);
    push(answer.transcription);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('70'));

    // A transcript of one line says so in the singular.
    Object.assign(answer, { ...transcript, items: transcript.items.slice(0, 1) });
    push(transcript.transcription);
    expect(await screen.findByRole('button', { name: 'Download transcript' })).toBeTruthy();
    expect(screen.getByText('1 line, by pocketsphinx.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Transcription progress' })).toBeNull();
  });

  it('says when a finished transcription found no speech, and not before any run', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const never = {
      status: null,
      progress: null,
      code: null,
      message: null,
      language: null,
      source: null,
      engine: null,
    };
    const answer: TranscriptAnswer = { ...transcript, url: null, items: [], transcription: never };
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes([], answer) });
    expect(
      await screen.findByText(
        'No transcript yet. Transcribe the video or upload a WebVTT or SRT file.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(videoLibraryMessages.transcriptionFoundNoSpeech)).toBeNull();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    const push = (transcription: TranscriptAnswer['transcription']) =>
      act(() => {
        for (const socket of FakeSocket.instances)
          socket.push({ type: 'video-transcript-updated', data: { id: talk.id, transcription } });
      });

    answer.transcription = { ...completedTranscription, status: 'PROCESSING', progress: 0.5 };
    push(answer.transcription);
    expect(await screen.findByText('Transcribing with pocketsphinx…')).toBeTruthy();
    // The engine ran to its end and heard nothing: no lines.
    answer.transcription = { ...completedTranscription, progress: 1 };
    push(answer.transcription);
    expect(await screen.findByText(videoLibraryMessages.transcriptionFoundNoSpeech)).toBeTruthy();
    expect(screen.queryByText(/^No transcript yet\./)).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Transcription progress' })).toBeNull();
  });

  it('adds a chapter, reorders titles and saves them', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes(sent) });
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Chapters' }, { timeout: 20_000 });
    await user.click(within(list).getByRole('button', { name: 'Move Panel up' }));
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    const titles = screen.getAllByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(
      screen.getAllByRole<HTMLInputElement>('textbox', { name: 'Start' }).map((input) => input.value),
    ).toEqual(['0:00', '2:00', '3:00']);
    await user.type(titles[2]!, 'Q&A');
    await user.click(screen.getByRole('button', { name: 'Save chapters' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: `/api/core/video_assets/${talk.id}/chapters/`,
      body: {
        chapters: [
          { title: 'Panel', start_time: 0 },
          { title: 'Intro', start_time: 120 },
          { title: 'Q&A', start_time: 180 },
        ],
      },
    });
  });

  it('offers Save chapters once a chapter changes, not before', async () => {
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes([]) });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Chapters' }, { timeout: 20_000 });
    const saveButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Save chapters' });
    expect(saveButton.disabled).toBe(true);
    await user.type(screen.getAllByRole('textbox', { name: 'Title' })[0]!, '!');
    expect(saveButton.disabled).toBe(false);
    await user.type(screen.getAllByRole('textbox', { name: 'Title' })[0]!, '{Backspace}');
    expect(saveButton.disabled).toBe(true);
  });

  it('refuses a chapter without a title or with a time it cannot read', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    openStudio(`/videos/${talk.id}`, { user: ada, routes: routes(sent) });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Chapters' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Add chapter' }));
    await user.click(screen.getByRole('button', { name: 'Save chapters' }));
    expect(await screen.findByText('Every chapter needs a title.')).toBeTruthy();
    const starts = screen.getAllByRole('textbox', { name: 'Start' });
    await user.type(screen.getAllByRole('textbox', { name: 'Title' })[2]!, 'Later');
    await user.clear(starts[2]!);
    await user.type(starts[2]!, 'soon');
    await user.click(screen.getByRole('button', { name: 'Save chapters' }));
    expect(await screen.findByText('“soon” is not a time (m:ss or h:mm:ss).')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
