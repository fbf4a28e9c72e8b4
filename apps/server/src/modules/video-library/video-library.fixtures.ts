import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll } from 'vitest';
import type { Page, TranscodeStatus, VideoAsset } from '@studio/domain';
import { runMediaTool } from '@studio/media';
import { adminAndOther, madeBeforeAll } from '../../../test/file-studio.ts';
import { bearer, createTestStudio, tempDir, type TestStudio } from '../../../test/harness.ts';
import { freePort } from '../../../test/listening.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import type { S3Settings } from '../../config.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import type { StudioConfig } from '../../studio.ts';
import { newAdmin, newMember, newWorkspace } from '../access/access.fixtures.ts';
import { createUploads } from '../uploads/uploads.module.ts';
import type { PipelineStep } from './pipeline.ts';
import { createVideoLibraryRepository } from './video-library.repository.ts';
import { registerVideoLibraryJobs, workRootOf } from './video-library.jobs.ts';

/** A studio whose workers run, with its media in a fresh directory (or bucket). */
export async function createMediaStudio(options: MediaStudioOptions = {}) {
  const data = await tempDir('studio-media-');
  const publicUrl = options.publicUrl ?? 'http://studio.test';
  const studio = await createTestStudio({
    publicUrl,
    dataDir: data.path,
    role: options.role ?? 'all',
    jobs: { pollIntervalMs: 1000, leaseTimeoutSeconds: 2 },
    ...(options.s3 ? { s3: options.s3 } : {}),
    ...options.config,
  });
  return {
    ...studio,
    /** Its PUBLIC_URL: session callers get root-relative media URLs, resolve them against it. */
    publicUrl,
    dataDir: data.path,
    async close() {
      await studio.close();
      await data.remove();
    },
  };
}

export type MediaStudio = Awaited<ReturnType<typeof createMediaStudio>>;
export interface MediaStudioOptions {
  publicUrl?: string;
  s3?: S3Settings;
  role?: 'api' | 'all';
  config?: Partial<StudioConfig>;
}

/**
 * The test file's media studio (createMediaStudio with `options`): built before its tests, closed
 * after them with the clips made for them removed. The object answered is filled in when it is built.
 */
export function fileMediaStudio(options: MediaStudioOptions = {}): MediaStudio {
  const studio = madeBeforeAll(() => createMediaStudio(options));
  afterAll(async () => {
    await studio.close();
    await removeClips();
  });
  return studio;
}

/** fileMediaStudio's studio listening on loopback at its `publicUrl` (its sockets open). */
export function fileListeningMediaStudio(): MediaStudio & { publicUrl: string } {
  const studio = madeBeforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const made = await createMediaStudio({ publicUrl });
    await made.app.listen({ port, host: '127.0.0.1' });
    return { ...made, publicUrl };
  });
  afterAll(async () => {
    await studio.close();
    await removeClips();
  });
  return studio;
}

/** The file's media studio (fileMediaStudio) with an organisation's admin and another organisation's. */
export function fileMediaAdmins(options: MediaStudioOptions = {}, otherName = 'Other Org') {
  const studio = fileMediaStudio(options);
  return { studio, ...adminAndOther(studio, otherName) };
}

/** The file's API-only media studio (fileMediaStudio) with an organisation's admin, made before its tests. */
export function fileUploadStudio() {
  const studio = fileMediaStudio({ role: 'api' });
  return { studio, admin: madeBeforeAll(() => newAdmin(studio)) };
}

/** The bytes of the H.264/AAC clip an upload test sends. */
export const uploadedClip = async () => readFile(await clip('h264-aac.mp4'));

const picture = (size = '320x180', seconds = 2) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=size=${size}:rate=25:duration=${seconds}`,
];
const tone = (seconds = 2) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
/** A voiced buzz with moving formants, in syllables and pauses: speech enough for an engine to hear words. */
const speechLike = (seconds = 8) => [
  '-f',
  'lavfi',
  '-i',
  `aevalsrc='(sin(2*PI*120*t)+0.6*sin(2*PI*240*t+sin(2*PI*3*t))+0.5*sin(2*PI*(700+300*sin(2*PI*2*t))*t)+0.3*sin(2*PI*(1200+400*sin(2*PI*3.3*t))*t))*(0.5+0.5*sin(2*PI*4*t))*gt(mod(t,2.5),0.6)*0.3':s=16000:d=${seconds}`,
];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'];
const aac = ['-c:a', 'aac', '-b:a', '64k'];
/** Maps the streams of the first `count` inputs (ffmpeg otherwise keeps one stream of each kind). */
const everyInput = (count: number) =>
  Array.from({ length: count }, (_, input) => ['-map', String(input)]).flat();

/** Tiny clips made with ffmpeg at test time (320×180, 2 s), broken ones included. */
const clipRecipes = {
  'h264-aac.mp4': [...picture(), ...tone(), ...h264, ...aac, '-movflags', '+faststart'],
  'mpeg4.mp4': [...picture(), ...tone(), '-c:v', 'mpeg4', '-q:v', '8', ...aac],
  'no-audio.mp4': [...picture(), ...h264],
  'two-audio.mp4': [...picture(), ...tone(), ...tone(), ...everyInput(3), ...h264, ...aac],
  'audio-only.mp4': [...tone(), ...aac],
  'wide-360p.mp4': [...picture('640x360', 2), ...tone(), ...h264, ...aac],
  'hd-720p.mp4': [...picture('1280x720', 2), ...tone(), ...h264, ...aac],
  'speech.mp4': [...picture('320x180', 8), ...speechLike(8), ...h264, ...aac, '-shortest'],
  'matroska.mkv': [...picture(), ...tone(), ...h264, ...aac, '-f', 'matroska'],
} as const;

export type ClipName = keyof typeof clipRecipes | 'truncated.mp4' | 'hostile.m3u8';

const clipDir = path.join(process.env.TMPDIR ?? '/tmp', `studio-clips-${process.pid}`);
const made = new Map<ClipName, Promise<string>>();

export async function removeClips(): Promise<void> {
  await rm(clipDir, { recursive: true, force: true });
  made.clear();
}

export function clip(name: ClipName): Promise<string> {
  let file = made.get(name);
  if (!file) {
    file = makeClip(name);
    made.set(name, file);
  }
  return file;
}

async function makeClip(name: ClipName): Promise<string> {
  await mkdir(clipDir, { recursive: true });
  const file = path.join(clipDir, name);
  if (name === 'truncated.mp4') {
    // Index first, then cut in the middle of the media data.
    const whole = await readFile(await clip('h264-aac.mp4'));
    await writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
  } else if (name === 'hostile.m3u8') {
    await writeFile(
      file,
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXTINF:10,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n',
    );
  } else {
    await runMediaTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...clipRecipes[name], file]);
  }
  return file;
}

/** A tus upload through the API (creation, then one PATCH); answers the upload URL. */
export async function tusUpload(
  studio: TestStudio,
  access: string,
  body: Buffer,
  metadata: Record<string, string> = { filename: 'clip.mp4', filetype: 'video/mp4' },
) {
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: {
      ...bearer(access),
      'tus-resumable': '1.0.0',
      'upload-length': String(body.length),
      'upload-metadata': encodeMetadata(metadata),
    },
  });
  if (created.statusCode !== 201)
    throw new Error(`upload creation answered ${created.statusCode}: ${created.body}`);
  const location = created.headers.location as string;
  const patched = await studio.app.inject({
    method: 'PATCH',
    url: new URL(location, 'http://any.test').pathname,
    headers: {
      ...bearer(access),
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });
  if (patched.statusCode !== 204) throw new Error(`upload answered ${patched.statusCode}: ${patched.body}`);
  return location;
}

export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Uploads a clip and creates its asset (JSON body); answers the asset. */
export async function newVideoAsset(
  studio: TestStudio,
  session: { access: string; organization: { id: string } },
  file: string,
  fields: Record<string, unknown> = {},
) {
  const uploaded = await tusUpload(studio, session.access, await readFile(file));
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/core/video_assets/',
    headers: bearer(session.access),
    payload: {
      name: path.basename(file),
      organization: session.organization.id,
      asset_type: 'VIDEO',
      uploaded,
      duration: 2,
      ...fields,
    },
  });
  if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  return created.json<VideoAsset>();
}

export async function transcode(studio: TestStudio, access: string, id: string) {
  const response = await studio.app.inject({
    method: 'POST',
    url: `/api/core/video_assets/${id}/transcode/`,
    headers: bearer(access),
  });
  if (response.statusCode !== 200)
    throw new Error(`transcode answered ${response.statusCode}: ${response.body}`);
}

/** Polls the asset until its transcode status is one of `statuses`. */
export async function waitForStatus(
  studio: TestStudio,
  access: string,
  id: string,
  statuses: string[] = ['COMPLETE', 'ERROR'],
  timeoutMs = 60_000,
): Promise<VideoAsset> {
  const started = Date.now();
  for (;;) {
    const response = await studio.app.inject({
      method: 'GET',
      url: `/api/core/video_assets/${id}/`,
      headers: bearer(access),
    });
    const asset = response.json<VideoAsset>();
    if (statuses.includes(asset.transcode_status ?? '')) return asset;
    if (Date.now() - started > timeoutMs) throw new Error(`asset ${id} stayed ${asset.transcode_status}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

export async function listAssets(studio: TestStudio, access: string, query = '') {
  const response = await studio.app.inject({
    method: 'GET',
    url: `/api/core/video_assets/${query}`,
    headers: bearer(access),
  });
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  return response.json<Page<VideoAsset>>();
}

/** The studio's object store, opened again on the same directory (or bucket). */
export const storageOf = (studio: MediaStudio, s3?: S3Settings) =>
  createObjectStore({ dataDir: studio.dataDir, s3 });

/**
 * An asset whose original is any file (even one the upload would refuse): stored as an upload,
 * the row written directly. For pipeline tests on broken and hostile inputs.
 */
export async function assetFromFile(
  studio: MediaStudio,
  session: { userId: string; organization: { id: string } },
  file: string,
  name = path.basename(file),
) {
  const key = `uploads/${randomBytes(16).toString('hex')}`;
  await storageOf(studio).putFile(key, file);
  const row = await studio.database.db
    .insertInto('video_assets')
    .values({
      organization_id: session.organization.id,
      name,
      source: 'UPLOAD',
      creation_type: 'UPLOADED',
      source_key: key,
      created_by: session.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const quiet = { info() {}, warn() {}, error() {} };

/** A worker process of its own on the studio's database and media: the pipeline only. */
export async function startPipelineRunner(
  studio: MediaStudio,
  beforeStep?: (step: PipelineStep, assetId: string, signal: AbortSignal) => Promise<void>,
) {
  const { db } = studio.database;
  const storage = storageOf(studio);
  const jobs = createJobQueue({
    database: studio.database,
    log: quiet,
    pollIntervalMs: 1000,
    leaseTimeoutSeconds: 2,
  });
  const uploads = createUploads({
    db,
    storage,
    settings: {
      dataDir: studio.dataDir,
      publicUrl: 'http://studio.test',
      videoMaxBytes: 5_242_880_000,
      expirationHours: 24,
    },
  });
  registerVideoLibraryJobs(jobs, {
    assets: createVideoLibraryRepository(db),
    uploads,
    storage,
    realtime: { publish: async () => {} },
    workRoot: workRootOf(studio.dataDir),
    ...(beforeStep ? { beforeStep } : {}),
  });
  await jobs.startWorkers();
  return jobs;
}

const SEED_WORDS = [
  'keynote',
  'panel',
  'webinar',
  'town hall',
  'product',
  'launch',
  'customer',
  'story',
  'sales',
  'kickoff',
  'demo',
  'training',
  'onboarding',
  'q&a',
  'fireside',
  'chat',
  'roadmap',
  'summit',
  'recap',
  'highlights',
];

/** A library video row in a given state (for tests about what uses videos, not the pipeline), in a team's when `workspaceId` is given. */
export async function libraryVideoRow(
  studio: TestStudio,
  organizationId: string,
  status: TranscodeStatus,
  name = 'Countdown loop',
  duration: number | null = null,
  workspaceId: string | null = null,
): Promise<string> {
  const row = await studio.database.db
    .insertInto('video_assets')
    .values({
      organization_id: organizationId,
      workspace_id: workspaceId,
      name,
      source: 'UPLOAD',
      creation_type: 'UPLOADED',
      transcode_status: status,
      duration,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Teams turned on in the admin's organisation, video `mine` in the team of a new team admin and
 * `theirs` in another team: that team admin, who sees only `mine`.
 */
export async function teamAdminSeeingOne(
  studio: TestStudio,
  admin: { access: string; organization: { id: string } },
  mine: string,
  theirs: string,
) {
  const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
  const one = await newWorkspace(studio, admin.access, 'One', [teamAdmin.userId]);
  const two = await newWorkspace(studio, admin.access, 'Two');
  const { db } = studio.database;
  await db.updateTable('video_assets').set({ workspace_id: one.id }).where('id', '=', mine).execute();
  await db.updateTable('video_assets').set({ workspace_id: two.id }).where('id', '=', theirs).execute();
  await db
    .updateTable('organizations')
    .set({ is_workspace_enabled: true })
    .where('id', '=', admin.organization.id)
    .execute();
  return teamAdmin;
}

export async function seedVideoAssets(
  database: TestStudio['database'],
  organizationId: string,
  options: { count: number; workspaces: string[]; creators: string[] },
) {
  const { db } = database;
  const words = sql.join(SEED_WORDS);
  const uuids = (ids: string[]) => sql.join(ids.map((value) => sql`${value}::uuid`));
  const teamSlots = options.workspaces.length + 1;
  await sql`
    insert into video_assets (organization_id, workspace_id, name, source, creation_type, transcode_status, created_by, created_at)
    select ${organizationId}::uuid,
      (array[${sql.join([...options.workspaces.map((id) => sql`${id}::uuid`), sql`null::uuid`])}])[1 + i % ${teamSlots}],
      initcap((array[${words}])[1 + i % 20]) || ' ' || (array[${words}])[1 + (i / 20) % 20] || ' ' || i,
      (array['UPLOAD', 'CL_UPLOAD', 'CLIP', 'EVENT_RECORDING', 'DIRECT_RECORDING'])[1 + (i / 7) % 5],
      (array['UPLOADED', 'VIRTUAL', 'RECORDED', 'CLIP'])[1 + (i / 3) % 4],
      'COMPLETE',
      (array[${uuids(options.creators)}])[1 + (i / 11) % ${options.creators.length}],
      now() - make_interval(secs => i)
    from generate_series(1, ${options.count}) as i`.execute(db);
  await sql`vacuum analyze video_assets`.execute(db);
}
