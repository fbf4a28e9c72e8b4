import { beforeAll, describe, expect, it } from 'vitest';
import {
  transcriptMessages,
  type TranscriptAnswer,
  type TranscriptItem,
  type VideoAsset,
} from '@studio/domain';
import { locateSpeechEngine } from '@studio/media';
import { bearer, tempDir } from '../../../test/harness.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import { createTranscriber } from './transcription.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import {
  assetFromFile,
  clip,
  fileMediaAdmins,
  newVideoAsset,
  transcode,
  waitForStatus,
} from './video-library.fixtures.ts';
import { createVideoLibraryRepository } from './video-library.repository.ts';

const { studio, admin, other } = fileMediaAdmins({ publicUrl: 'http://studio.test' });

const call = (access: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });

const VTT = `WEBVTT

00:00:00.500 --> 00:00:02.000
<v Ada Lovelace>Welcome to the <b>keynote</b>.

00:00:02.500 --> 00:00:04.250
Thanks &amp; hello.
`;

/** Polls the transcript until its transcription has ended. */
async function transcriptWhenDone(id: string, timeoutMs = 240_000): Promise<TranscriptAnswer> {
  const started = Date.now();
  for (;;) {
    const answer = (
      await call(admin.access, 'GET', `/api/core/video_assets/${id}/transcript/`)
    ).json<TranscriptAnswer>();
    if (answer.transcription.status === 'COMPLETE' || answer.transcription.status === 'ERROR') return answer;
    if (Date.now() - started > timeoutMs)
      throw new Error(`transcription stayed ${answer.transcription.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!locateSpeechEngine())('transcription by the local engine', () => {
  it(
    'transcribes a processed video into timed items and captions its HLS',
    { timeout: 400_000 },
    async () => {
      const created = await newVideoAsset(studio, admin, await clip('speech.mp4'), { duration: 8 });
      await transcode(studio, admin.access, created.id);
      await waitForStatus(studio, admin.access, created.id, ['COMPLETE', 'ERROR'], 180_000);

      const transcript = await transcriptWhenDone(created.id);
      expect(transcript.transcription).toMatchObject({
        status: 'COMPLETE',
        source: 'ENGINE',
        engine: 'pocketsphinx',
        language: 'en',
      });
      expect(transcript.items.length).toBeGreaterThan(0);
      const starts = transcript.items.map((item) => item.start_time);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const item of transcript.items) {
        expect(item.end_time).toBeGreaterThanOrEqual(item.start_time);
        expect(item.speaker_label).toBe('spk_0');
        expect(item.alternatives[0]!.content).not.toBe('');
      }

      const asset = (
        await call(admin.access, 'GET', `/api/core/video_assets/${created.id}/`)
      ).json<VideoAsset>();
      // Root-relative for a signed-in studio, as the video's media links are.
      expect(asset.transcript?.url).toBe(`/api/core/video_assets/${created.id}/transcript/`);
      const master = await studio.app.inject({ url: new URL(asset.urls.hls!, studio.publicUrl).pathname });
      expect(master.body).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs"');
      expect(master.body).toMatch(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/);
      const subtitlesUri = /URI="([^"]+)"/.exec(master.body)![1]!;
      const subtitles = await studio.app.inject({
        url: new URL(subtitlesUri, `http://studio.test${new URL(asset.urls.hls!, studio.publicUrl).pathname}`)
          .pathname,
      });
      expect(subtitles.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      const captions = await studio.app.inject({
        url: new URL(asset.urls.captions!, studio.publicUrl).pathname,
      });
      expect(captions.headers['content-type']).toContain('text/vtt');
      expect(captions.body.startsWith('WEBVTT')).toBe(true);
      expect(captions.body).toContain(' --> ');
    },
  );
});

describe('captions uploaded while the transcription was queued', () => {
  it('win over the job that read the video before them: it neither starts nor records a failure', async () => {
    const id = await assetFromFile(studio, admin, await clip('h264-aac.mp4'), 'Interview');
    const assets = createVideoLibraryRepository(studio.database.db);
    expect(await assets.queueTranscription(id, 'en')).toBe(true);
    // What the job read, before the organiser's upload landed.
    const read = (await assets.findById(id))!;
    expect(read.transcription.status).toBe('QUEUED');
    const uploaded = await call(admin.access, 'POST', `/api/core/video_assets/${id}/transcript/upload/`, {
      file_name: 'interview.vtt',
      content: VTT,
    });
    expect(uploaded.statusCode).toBe(200);

    const transcribe = createTranscriber({
      assets: { ...assets, findById: () => Promise.resolve(read) },
      storage: createObjectStore({ dataDir: (await tempDir('transcribe-')).path }),
      workRoot: (await tempDir('transcribe-work-')).path,
      realtime: { publish: () => Promise.resolve() },
      // No engine here: the job would record TRANSCRIPT_NOT_AVAILABLE, had it not lost to the upload.
      engine: () => undefined,
    });
    await transcribe(id, {
      jobId: 'j-1',
      retryCount: 0,
      lastTry: true,
      signal: new AbortController().signal,
    });

    const answer = (
      await call(admin.access, 'GET', `/api/core/video_assets/${id}/transcript/`)
    ).json<TranscriptAnswer>();
    expect(answer.transcription).toMatchObject({ status: 'COMPLETE', source: 'UPLOAD', code: null });
    expect(answer.items.map((item) => item.speaker_name)).toContain('Ada Lovelace');
  });
});

describe('transcripts: upload, edit, download', () => {
  let id: string;
  beforeAll(async () => {
    id = await assetFromFile(studio, admin, await clip('h264-aac.mp4'), 'Keynote: day one');
  });

  it('has no transcript at first; the SEO text says so', async () => {
    const answer = (
      await call(admin.access, 'GET', `/api/core/video_assets/${id}/transcript/`)
    ).json<TranscriptAnswer>();
    expect(answer).toMatchObject({ url: null, items: [], downloadable: false });
    expect(answer.transcription.status).toBeNull();
  });

  it('reads an uploaded WebVTT file into items with speakers, and refuses what is not subtitles', async () => {
    const refused = await call(admin.access, 'POST', `/api/core/video_assets/${id}/transcript/upload/`, {
      content: 'hello there',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_SUBTITLES' });

    const uploaded = await call(admin.access, 'POST', `/api/core/video_assets/${id}/transcript/upload/`, {
      file_name: 'keynote.vtt',
      content: VTT,
    });
    expect(uploaded.statusCode).toBe(200);
    const answer = uploaded.json<TranscriptAnswer>();
    expect(answer.transcription).toMatchObject({ status: 'COMPLETE', source: 'UPLOAD' });
    // Captions uploaded before the processed video's own transcription was queued win: none is queued.
    expect(await createVideoLibraryRepository(studio.database.db).queueTranscription(id, null, true)).toBe(
      false,
    );
    expect(answer.items).toEqual([
      {
        start_time: 0.5,
        end_time: 2,
        type: 'pronunciation',
        speaker_name: 'Ada Lovelace',
        alternatives: [{ content: 'Welcome to the keynote.' }],
      },
      {
        start_time: 2.5,
        end_time: 4.25,
        type: 'pronunciation',
        alternatives: [{ content: 'Thanks & hello.' }],
      },
    ]);
  });

  it("refuses captions or edits that start after the processed video's end, keeping what it had", async () => {
    const video = await assetFromFile(studio, admin, await clip('h264-aac.mp4'), 'Two seconds');
    await studio.database.db
      .updateTable('video_assets')
      .set({ duration: 2 })
      .where('id', '=', video)
      .execute();
    const path = `/api/core/video_assets/${video}/transcript/`;
    const fits = await call(admin.access, 'POST', `${path}upload/`, {
      content: 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n',
    });
    expect(fits.statusCode).toBe(200);
    const longer = await call(admin.access, 'POST', `${path}upload/`, {
      content: 'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello\n\n00:00:12.000 --> 00:00:14.000\nLater\n',
    });
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toMatchObject({ errors: { content: [transcriptMessages.captionAfterEnd] } });
    const edited = await call(admin.access, 'PUT', path, {
      items: [{ start_time: 3, end_time: 4, alternatives: [{ content: 'Too late' }] }],
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject({ errors: { items: [transcriptMessages.captionAfterEnd] } });
    const kept = (await call(admin.access, 'GET', path)).json<TranscriptAnswer>();
    expect(kept.items.map((item) => item.alternatives[0]!.content)).toEqual(['Hello']);
  });

  it('reads SRT too', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:03,500\nFirst line\nsecond line\n\n2\n00:00:04,000 --> 00:00:05,000\nBye\n';
    const answer = (
      await call(admin.access, 'POST', `/api/core/video_assets/${id}/transcript/upload/`, { content: srt })
    ).json<TranscriptAnswer>();
    expect(answer.items.map((item) => [item.start_time, item.alternatives[0]!.content])).toEqual([
      [1, 'First line second line'],
      [4, 'Bye'],
    ]);
  });

  it("links the transcript at the studio's address of the moment, not the one it had when stored", async () => {
    const { db } = studio.database;
    const stored = await db
      .selectFrom('video_assets')
      .select('transcript')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.transcript).not.toHaveProperty('url');
    await db
      .updateTable('video_assets')
      .set({ transcript: JSON.stringify({ url: 'http://localhost:8080/old/transcript/', items: [] }) })
      .where('id', '=', id)
      .execute();

    const asset = (await call(admin.access, 'GET', `/api/core/video_assets/${id}/`)).json<VideoAsset>();
    expect(asset.transcript?.url).toBe(`/api/core/video_assets/${id}/transcript/`);
  });

  it('saves edited text and speaker labels, in time order', async () => {
    const items: TranscriptItem[] = [
      {
        start_time: 3,
        end_time: 4,
        type: 'pronunciation',
        speaker_label: 'spk_1',
        speaker_name: 'Grace',
        alternatives: [{ content: 'Questions?' }],
      },
      {
        start_time: 0,
        end_time: 2.5,
        type: 'pronunciation',
        speaker_label: 'spk_0',
        speaker_name: 'Ada',
        alternatives: [{ content: 'Hello & welcome' }],
      },
    ];
    const edited = await call(admin.access, 'PUT', `/api/core/video_assets/${id}/transcript/`, { items });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TranscriptAnswer>().items.map((item) => item.speaker_name)).toEqual(['Ada', 'Grace']);
    expect(edited.json<TranscriptAnswer>().transcription.source).toBe('EDITED');

    const backwards = await call(admin.access, 'PUT', `/api/core/video_assets/${id}/transcript/`, {
      items: [{ start_time: 5, end_time: 1, alternatives: [{ content: 'x' }] }],
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('downloads VTT, SRT and text only with the transcript download flag', async () => {
    const off = await call(
      admin.access,
      'GET',
      `/api/core/video_assets/${id}/transcript/download/?format=vtt`,
    );
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ message: 'This feature is not enabled for your organization' });

    await setOperatorFlags(studio, admin.organization.id, { isVideoLibraryTranscriptDownloadEnabled: true });
    const vtt = await call(
      admin.access,
      'GET',
      `/api/core/video_assets/${id}/transcript/download/?format=vtt`,
    );
    expect(vtt.headers['content-disposition']).toContain('Keynote day one.vtt');
    expect(vtt.body).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\n<v Ada>Hello &amp; welcome\n\n00:00:03.000 --> 00:00:04.000\n<v Grace>Questions?\n',
    );
    const srt = await call(
      admin.access,
      'GET',
      `/api/core/video_assets/${id}/transcript/download/?format=srt`,
    );
    expect(srt.body).toBe(
      '1\n00:00:00,000 --> 00:00:02,500\nAda: Hello & welcome\n\n2\n00:00:03,000 --> 00:00:04,000\nGrace: Questions?\n',
    );
    const txt = await call(
      admin.access,
      'GET',
      `/api/core/video_assets/${id}/transcript/download/?format=txt`,
    );
    expect(txt.body).toBe('Ada: Hello & welcome\nGrace: Questions?\n');
    expect(
      (await call(admin.access, 'GET', `/api/core/video_assets/${id}/transcript/`)).json<TranscriptAnswer>()
        .downloadable,
    ).toBe(true);
  });

  it('transcribes only processed videos, in a language the engine and the account allow', async () => {
    const unprocessed = await call(
      admin.access,
      'POST',
      `/api/core/video_assets/${id}/transcript/transcribe/`,
      { language: 'en' },
    );
    expect(unprocessed.statusCode).toBe(409);
    await studio.database.db
      .updateTable('video_assets')
      .set({ transcode_status: 'COMPLETE' })
      .where('id', '=', id)
      .execute();
    if (locateSpeechEngine()?.name === 'pocketsphinx') {
      const french = await call(admin.access, 'POST', `/api/core/video_assets/${id}/transcript/transcribe/`, {
        language: 'fr',
      });
      expect(french.statusCode).toBe(422);
      expect(french.json()).toMatchObject({ code: 'LANGUAGE_NOT_SUPPORTED' });
    }
    await setOperatorFlags(studio, admin.organization.id, { isMultiLanguageSupportRestricted: true });
    const restricted = await call(
      admin.access,
      'POST',
      `/api/core/video_assets/${id}/transcript/transcribe/`,
      { language: 'de' },
    );
    expect(restricted.statusCode).toBe(422);
    expect(restricted.json()).toMatchObject({
      code: 'MULTI_LANGUAGE_SUPPORT_RESTRICTED',
      message: 'Transcription in languages other than English is restricted for this account.',
    });
  });

  it('answers 404 to another organisation', async () => {
    expect((await call(other.access, 'GET', `/api/core/video_assets/${id}/transcript/`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(other.access, 'PUT', `/api/core/video_assets/${id}/transcript/`, { items: [] })).statusCode,
    ).toBe(404);
    expect(
      (await call(other.access, 'POST', `/api/core/video_assets/${id}/transcript/upload/`, { content: VTT }))
        .statusCode,
    ).toBe(404);
  });
});

describe('chapters', () => {
  let id: string;
  beforeAll(async () => {
    id = await assetFromFile(studio, admin, await clip('h264-aac.mp4'), 'Chaptered');
  });

  const put = (access: string, chapters: object[]) =>
    call(access, 'PUT', `/api/core/video_assets/${id}/chapters/`, { chapters });

  it('adds, edits, reorders and removes chapters, kept in time order', async () => {
    const added = await put(admin.access, [
      { title: 'Q&A', start_time: 90 },
      { title: 'Welcome', start_time: 0 },
    ]);
    expect(added.statusCode).toBe(200);
    expect(added.json<VideoAsset>().metadata.chapters).toEqual([
      { title: 'Welcome', start_time: 0 },
      { title: 'Q&A', start_time: 90 },
    ]);
    const moved = await put(admin.access, [
      { title: 'Q&A', start_time: 0 },
      { title: 'Welcome back', start_time: 45.5 },
    ]);
    expect(moved.json<VideoAsset>().metadata.chapters).toEqual([
      { title: 'Q&A', start_time: 0 },
      { title: 'Welcome back', start_time: 45.5 },
    ]);
    const read = (await call(admin.access, 'GET', `/api/core/video_assets/${id}/`)).json<VideoAsset>();
    expect(read.metadata.chapters).toHaveLength(2);
    expect((await put(admin.access, [])).json<VideoAsset>().metadata.chapters).toEqual([]);
  });

  it('refuses a blank title, a repeated start and a negative time', async () => {
    for (const chapters of [
      [{ title: ' ', start_time: 0 }],
      [
        { title: 'A', start_time: 5 },
        { title: 'B', start_time: 5 },
      ],
      [{ title: 'A', start_time: -1 }],
    ]) {
      const refused = await put(admin.access, chapters);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('code');
    }
  });

  it('answers 404 to another organisation', async () => {
    expect((await put(other.access, [{ title: 'Mine', start_time: 0 }])).statusCode).toBe(404);
  });
});
