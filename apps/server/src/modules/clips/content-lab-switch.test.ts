import { describe, expect, it } from 'vitest';
import { CONTENT_LAB_DISABLED, contentLabSwitchMessages, type ContentProject } from '@studio/domain';
import { adminAndOther, fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { switchContentLab } from './clips.fixtures.ts';

const studio = fileStudio();
const { admin, other: rival } = adminAndOther(studio);
const acme = madeBeforeAll(() => caller(studio, admin.access));
const other = madeBeforeAll(() => caller(studio, rival.access));

/** Every kind of Content Lab call: projects, clips, saved searches, the edit link and posts. */
const contentLabReads = [
  '/api/content_lab/projects/',
  '/api/content_lab/clip_search/',
  '/api/content_lab/saved_searches/',
  '/api/content_lab/edit_link/?video_asset=x',
  '/api/content/posts/',
];

describe("Content Lab follows the organisation's switch (content_lab_enabled)", () => {
  it('refuses every Content Lab call with 403 CONTENT_LAB_DISABLED while it is off, and answers once it is on', async () => {
    for (const path of contentLabReads) {
      const refused = await acme.get<{ code: string; message: string }>(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toEqual({
        code: CONTENT_LAB_DISABLED,
        message: contentLabSwitchMessages.disabled,
      });
    }
    // Before the body is looked at: a bad body is refused the same way.
    const created = await acme.post<{ code: string }>('/api/content_lab/projects/', { name: '' });
    expect([created.status, created.body.code]).toEqual([403, CONTENT_LAB_DISABLED]);

    await switchContentLab(acme, admin.organization.id, true);
    expect((await acme.get('/api/content_lab/projects/')).status).toBe(200);
    const project = await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Launch' });
    expect(project.status).toBe(201);

    // Switched off again: the projects are kept, the area is closed.
    await switchContentLab(acme, admin.organization.id, false);
    expect((await acme.get(`/api/content_lab/projects/${project.body.id}/`)).status).toBe(403);
    await switchContentLab(acme, admin.organization.id, true);
    expect((await acme.get(`/api/content_lab/projects/${project.body.id}/`)).status).toBe(200);
  });

  it("answers 404 for another organisation's project, its own switch on; 403 for its own switch off", async () => {
    const project = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Ours' })).body;
    expect((await other.get(`/api/content_lab/projects/${project.id}/`)).status).toBe(403);
    await switchContentLab(other, rival.organization.id, true);
    expect((await other.get(`/api/content_lab/projects/${project.id}/`)).status).toBe(404);
    expect((await other.get<ContentProject[]>('/api/content_lab/projects/')).body).toEqual([]);
  });
});
