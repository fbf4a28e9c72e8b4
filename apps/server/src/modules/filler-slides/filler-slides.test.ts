import { beforeAll, describe, expect, it } from 'vitest';
import type { FillerSlide, FillerSlidePage, StageSource, StudioEvent, StudioTemplate } from '@studio/domain';
import { madeBeforeAll } from '../../../test/file-studio.ts';
import { newApiToken, newAutomationAdmin, newMember } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileMediaAdmins } from '../video-library/video-library.fixtures.ts';
import { png, ttf, uploadedFile } from '../files/files.fixtures.ts';
import { storedFillerSlide } from './filler-slides.fixtures.ts';

const LIBRARY = '/api/core/filler-slide-library/';
const RATIO = 'The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.';

const { studio, admin, other } = fileMediaAdmins({ role: 'all' });
const api = madeBeforeAll(() => caller(studio, admin.access));
const outsider = madeBeforeAll(() => caller(studio, other.access));

/** An image (or `fileType`) stored through the general upload under the organisation: its key. */
const upload = async (bytes: Buffer, name: string, preset: string, by = api, fileType = 'image/png') =>
  (await uploadedFile(studio, by, { key: `organization/${name}`, file_type: fileType, preset }, bytes)).key;

const createBody = (key: string, fileName = 'Intermission') => ({
  file_name: fileName,
  organization: admin.organization.id,
  broadcast_filler_image_s3_path: key,
  workspace: null,
});

async function waitForState(id: string, states = ['GENERATED', 'FAILED']): Promise<FillerSlide> {
  for (let tries = 0; ; tries += 1) {
    const { body } = await api.get<FillerSlide>(`${LIBRARY}${id}/`);
    if (states.includes(body.broadcast_filler_state)) return body;
    if (tries > 1500) throw new Error(`filler slide ${id} stayed ${body.broadcast_filler_state}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** A slide as the database holds it, for states a test cannot wait for (still processing). */
const storedSlide = (state: 'PROCESSING' | 'GENERATED', orgId = admin.organization.id) =>
  storedFillerSlide(studio, orgId, state, `Stored ${state}`);

let generated: FillerSlide;

describe('filler slide library (002 §3.3, §7.1)', () => {
  it('answers a session root-relative slide URLs (any studio address) and an API token absolute PUBLIC_URL ones', async () => {
    const owner = await newAutomationAdmin(studio, 'Slide URLs Org');
    const token = await newApiToken(studio, owner.access);
    const id = await storedFillerSlide(studio, owner.organization.id, 'GENERATED', 'Break');
    const image = `/api/files/${owner.organization.id}/break.png`;
    for (const [access, base] of [
      [owner.access, ''],
      [token.token, studio.publicUrl],
    ] as const) {
      const reader = caller(studio, access);
      const one = await reader.get<FillerSlide>(`${LIBRARY}${id}/`);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      const listed = await reader.get<FillerSlidePage>(LIBRARY);
      const renamed = await reader.patch<FillerSlide>(`${LIBRARY}${id}/`, { file_name: 'Break' });
      for (const slide of [one.body, listed.body.results[0]!, renamed.body])
        expect(slide.image_url).toBe(`${base}${image}`);
    }
  });

  it('creates a slide from an uploaded 16:9 image and makes it a video: Processing... then Processed', async () => {
    const key = await upload(await png(1280, 720), 'intermission.png', 'fillerSlide');
    const created = await api.post<FillerSlide>(LIBRARY, createBody(key));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      file_name: 'Intermission',
      organization: admin.organization.id,
      workspace: null,
      broadcast_filler_image_s3_path: key,
      broadcast_filler_video_s3_path: null,
      status: 'Processing...',
      image_url: `/api/${key}`,
    });
    expect(['NOT_GENERATED', 'PROCESSING']).toContain(created.body.broadcast_filler_state);
    generated = await waitForState(created.body.id);
    expect(generated).toMatchObject({ broadcast_filler_state: 'GENERATED', status: 'Processed' });
    expect(generated.video_url).toBe(`/api/${generated.broadcast_filler_video_s3_path}`);
    const video = await studio.app.inject({
      method: 'GET',
      url: new URL(generated.video_url!, studio.publicUrl).pathname,
    });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    const playlist = await studio.app.inject({
      method: 'GET',
      url: new URL(generated.hls_url!, studio.publicUrl).pathname,
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
  });

  it('lists newest first with uploaded=true, pages like the other lists, filters', async () => {
    const second = await api.post<FillerSlide>(
      LIBRARY,
      createBody(await upload(await png(1920, 1080), 'welcome.png', 'fillerSlide'), 'Welcome'),
    );
    const page = await api.get<FillerSlidePage>(`${LIBRARY}?ordering=-created_at&uploaded=true&limit=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, previous: null, results: [{ id: second.body.id }] });
    expect(page.body.next).toContain('offset=1');
    const next = await api.get<FillerSlidePage>(
      new URL(page.body.next!).pathname + new URL(page.body.next!).search,
    );
    expect(next.body.results.map((slide) => slide.id)).toEqual([generated.id]);
    const searched = await api.get<FillerSlidePage>(`${LIBRARY}?search=welc`);
    expect(searched.body.results.map((slide) => slide.file_name)).toEqual(['Welcome']);
    expect((await api.get<FillerSlidePage>(`${LIBRARY}?uploaded=false`)).body.count).toBe(0);
    expect((await api.get(`${LIBRARY}?ordering=id`)).status).toBe(400);
    await waitForState(second.body.id);
  });

  it('renames (trimmed) and refuses a blank or long name', async () => {
    const renamed = await api.patch<FillerSlide>(`${LIBRARY}${generated.id}/`, { file_name: '  Break  ' });
    expect(renamed).toMatchObject({ status: 200, body: { id: generated.id, file_name: 'Break' } });
    const blank = await api.patch(`${LIBRARY}${generated.id}/`, { file_name: '   ' });
    expect(blank).toMatchObject({
      status: 400,
      body: {
        message: 'Video name cannot be empty.',
        errors: { file_name: ['Video name cannot be empty.'] },
      },
    });
    expect((await api.patch(`${LIBRARY}${generated.id}/`, { file_name: 'x'.repeat(256) })).status).toBe(400);
    expect((await api.get<FillerSlide>(`${LIBRARY}${generated.id}/`)).body.file_name).toBe('Break');
  });

  it.each([
    ['an image out of ratio', () => png(800, 800), 'image', RATIO],
    ['an image larger than 2400×2400', () => png(2560, 1440), 'socialThumbnail', RATIO],
  ])('refuses %s with the spec text, saving nothing', async (_case, bytes, preset, message) => {
    const before = (await api.get<FillerSlidePage>(LIBRARY)).body.count;
    const key = await upload(await bytes(), 'square.png', preset);
    const refused = await api.post(LIBRARY, createBody(key));
    expect(refused).toMatchObject({
      status: 400,
      body: { message, errors: { broadcast_filler_image_s3_path: [message] } },
    });
    expect((await api.get<FillerSlidePage>(LIBRARY)).body.count).toBe(before);
  });

  it('refuses a file that is not an image, a missing one, another organisation’s, and a blank name', async () => {
    const fontKey = await upload(ttf(), 'font.ttf', 'font', api, 'font/ttf');
    const notImage = await api.post(LIBRARY, createBody(fontKey));
    expect(notImage).toMatchObject({
      status: 400,
      body: { errors: { broadcast_filler_image_s3_path: ['This type of file is not accepted here.'] } },
    });
    const missing = await api.post(
      LIBRARY,
      createBody(`files/${admin.organization.id}/organization/none.png`),
    );
    expect(missing.status).toBe(400);
    const theirs = await upload(await png(1280, 720), 'theirs.png', 'fillerSlide', outsider);
    expect((await api.post(LIBRARY, createBody(theirs))).status).toBe(400);
    const blank = await api.post(LIBRARY, createBody(generated.broadcast_filler_image_s3_path, ' '));
    expect(blank).toMatchObject({
      status: 400,
      body: { errors: { file_name: ['Video name cannot be empty.'] } },
    });
    // Another organisation named in the body: as for any of its objects, 404.
    expect(
      (await api.post(LIBRARY, { ...createBody(theirs), organization: other.organization.id })).status,
    ).toBe(404);
  });

  it("answers 404 for another organisation's slide and keeps it out of their list", async () => {
    expect((await outsider.get(`${LIBRARY}${generated.id}/`)).status).toBe(404);
    expect((await outsider.patch(`${LIBRARY}${generated.id}/`, { file_name: 'Mine' })).status).toBe(404);
    expect((await outsider.delete(`${LIBRARY}${generated.id}/`)).status).toBe(404);
    expect((await outsider.get<FillerSlidePage>(LIBRARY)).body.count).toBe(0);
    expect((await api.get(`${LIBRARY}not-a-uuid/`)).status).toBe(404);
  });

  it('writes need branding:update (a Brand Editor may, an Event Editor may only read)', async () => {
    const editor = caller(studio, (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access);
    expect((await editor.get(LIBRARY)).status).toBe(200);
    expect((await editor.patch(`${LIBRARY}${generated.id}/`, { file_name: 'No' })).status).toBe(403);
    expect((await editor.post(LIBRARY, createBody(generated.broadcast_filler_image_s3_path))).status).toBe(
      403,
    );
    expect((await editor.delete(`${LIBRARY}${generated.id}/`)).status).toBe(403);
    const brand = caller(studio, (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access);
    expect((await brand.patch(`${LIBRARY}${generated.id}/`, { file_name: 'Break' })).status).toBe(200);
  });

  it('reads need event rights as well as video:read (a Content Lab Editor is refused)', async () => {
    const contentLab = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'CONTENT_LAB_EDITOR')).access,
    );
    const id = await storedSlide('GENERATED');
    expect((await contentLab.get(LIBRARY)).status).toBe(403);
    expect((await contentLab.get(`${LIBRARY}${id}/`)).status).toBe(403);
    const editor = caller(studio, (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access);
    expect((await editor.get(`${LIBRARY}${id}/`)).status).toBe(200);
  });
});

describe('the filler_slide of events and templates (002 §3.1)', () => {
  let event: StudioEvent;
  beforeAll(async () => {
    event = await newEvent(api, {
      title: 'Filler summit',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T17:00:00Z',
    });
  });

  it('takes a processed slide of the organisation, answers it on GET and refuses others', async () => {
    const url = `/api/event/${event.id}/`;
    expect(event.filler_slide).toBeNull();
    expect((await api.patch<StudioEvent>(url, { filler_slide: generated.id })).body.filler_slide).toBe(
      generated.id,
    );
    expect((await api.get<StudioEvent>(url)).body.filler_slide).toBe(generated.id);
    // The stage's answer carries its image (absolute: the attendee player's loading screen around pre-recorded videos).
    expect((await api.get<StageSource>(`/api/event/${event.id}/stage/`)).body.filler_image_url).toBe(
      `${studio.publicUrl}${generated.image_url}`,
    );
    const processing = await api.patch(url, { filler_slide: await storedSlide('PROCESSING') });
    expect(processing).toMatchObject({
      status: 400,
      body: { code: 'UNPROCESSED_FILLER_SLIDE', errors: { filler_slide: [expect.any(String)] } },
    });
    const theirs = await storedSlide('GENERATED', other.organization.id);
    expect(await api.patch(url, { filler_slide: theirs })).toMatchObject({
      status: 400,
      body: { code: 'FILLER_SLIDE_DOESNOT_BELONG_TO_ORGANIZATION' },
    });
    expect((await api.get<StudioEvent>(url)).body.filler_slide).toBe(generated.id);
  });

  it('copies it to a template made from the event, and the template takes and refuses like events', async () => {
    const template = await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', {
      event: event.id,
    });
    expect(template.status).toBe(201);
    expect(template.body.filler_slide).toBe(generated.id);
    const url = `/api/event/studio-templates/${template.body.id}/`;
    expect((await api.patch<StudioTemplate>(url, { filler_slide: null })).body.filler_slide).toBeNull();
    expect((await api.patch(url, { filler_slide: await storedSlide('PROCESSING') })).status).toBe(400);
    const fromTemplate = await newEvent(api, {
      title: 'From template',
      start: '2031-07-01T09:00:00Z',
      end: '2031-07-01T10:00:00Z',
      template: (await api.patch<StudioTemplate>(url, { filler_slide: generated.id })).body.id,
    });
    expect(fromTemplate.filler_slide).toBe(generated.id);
  });

  it('refuses (409) to delete a slide an event or template shows; deletes it once unused', async () => {
    const refused = await api.delete(`${LIBRARY}${generated.id}/`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'FILLER_SLIDE_IN_USE' } });
    await studio.database.db
      .updateTable('events')
      .set({ filler_slide_id: null })
      .where('filler_slide_id', '=', generated.id)
      .execute();
    await studio.database.db
      .updateTable('studio_templates')
      .set({ filler_slide_id: null })
      .where('filler_slide_id', '=', generated.id)
      .execute();
    expect((await api.delete(`${LIBRARY}${generated.id}/`)).status).toBe(204);
    expect((await api.get(`${LIBRARY}${generated.id}/`)).status).toBe(404);
  });
});
