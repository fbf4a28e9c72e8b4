import { beforeAll, describe, expect, it } from 'vitest';
import type { Clip, Page, SavedSearch } from '@studio/domain';
import { caller } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow, teamAdminSeeingOne } from '../video-library/video-library.fixtures.ts';
import { fileAcmeAndRival } from './clips.fixtures.ts';

const { studio, admin, rival, acme, other } = fileAcmeAndRival();
let keynote: string;
let panel: string;

/** A clip already cut (the cutting itself is clips.test.ts's): a range of a library video. */
async function clipRow(
  organizationId: string,
  videoId: string,
  name: string,
  fields: { vertical?: boolean; shared?: boolean } = {},
) {
  await studio.database.db
    .insertInto('clips')
    .values({
      organization_id: organizationId,
      video_asset_id: videoId,
      video_library_id: null,
      name,
      start_time: 0,
      end_time: 5,
      cut_status: 'DONE',
      ...fields,
    })
    .execute();
}

beforeAll(async () => {
  const organization = admin.organization.id;
  keynote = await libraryVideoRow(studio, organization, 'COMPLETE', 'Keynote', 60);
  panel = await libraryVideoRow(studio, organization, 'COMPLETE', 'Panel', 60);
  await clipRow(organization, keynote, 'Pricing teaser', { vertical: true, shared: true });
  await clipRow(organization, keynote, 'Pricing deep dive');
  await clipRow(organization, panel, 'Roadmap pricing question', { vertical: true });
  await clipRow(organization, panel, 'Closing remarks');
  const rivalVideo = await libraryVideoRow(studio, rival.organization.id, 'COMPLETE', 'Theirs', 60);
  await clipRow(rival.organization.id, rivalVideo, 'Pricing of theirs');
});

const names = (page: Page<Clip>) => page.results.map((clip) => clip.name).sort();

describe('saved searches', () => {
  it('searches the organisation’s clips by name and filters before saving', async () => {
    const all = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=PRICING');
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['Pricing deep dive', 'Pricing teaser', 'Roadmap pricing question']);

    const vertical = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=pricing&vertical=true');
    expect(names(vertical.body)).toEqual(['Pricing teaser', 'Roadmap pricing question']);

    const ofPanel = await acme.get<Page<Clip>>(`/api/content_lab/clip_search/?video_asset=${panel}`);
    expect(names(ofPanel.body)).toEqual(['Closing remarks', 'Roadmap pricing question']);

    // `%` and `_` are the organiser's text, not patterns.
    const literal = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=%25');
    expect(literal.body.count).toBe(0);

    const paged = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=pricing&limit=2');
    expect(paged.body.count).toBe(3);
    expect(paged.body.results).toHaveLength(2);
  });

  it('finds the words said in a clip’s range of its video’s transcript', async () => {
    const said = (start_time: number, content: string) => ({
      start_time,
      end_time: start_time + 2,
      type: 'pronunciation',
      alternatives: [{ content }],
    });
    await studio.database.db
      .updateTable('video_assets')
      .set({
        transcript: JSON.stringify({
          url: '',
          items: [said(1, 'We give early adopters a Discount.'), said(30, 'Farewell and thanks.')],
        }),
      })
      .where('id', '=', keynote)
      .execute();
    // Both keynote clips cover 0–5 s, where the discount is mentioned; nobody's clip reaches 30 s.
    const discount = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=discount');
    expect(names(discount.body)).toEqual(['Pricing deep dive', 'Pricing teaser']);
    const shared = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=discount&shared=true');
    expect(names(shared.body)).toEqual(['Pricing teaser']);
    const farewell = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=farewell');
    expect(farewell.body.count).toBe(0);
  });

  it('saves, lists, opens, renames and deletes a search; its clips follow its criteria', async () => {
    const created = await acme.post<SavedSearch>('/api/content_lab/saved_searches/', {
      name: '  Vertical pricing  ',
      query: 'pricing',
      filters: { vertical: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Vertical pricing',
      query: 'pricing',
      filters: { vertical: true },
    });
    const id = created.body.id;

    const listed = await acme.get<SavedSearch[]>('/api/content_lab/saved_searches/');
    expect(listed.body.map((search) => search.id)).toEqual([id]);
    expect((await acme.get<SavedSearch>(`/api/content_lab/saved_searches/${id}/`)).body.name).toBe(
      'Vertical pricing',
    );

    const clips = await acme.get<Page<Clip>>(`/api/content_lab/saved_searches/${id}/clips/`);
    expect(clips.status).toBe(200);
    expect(names(clips.body)).toEqual(['Pricing teaser', 'Roadmap pricing question']);

    const renamed = await acme.patch<SavedSearch>(`/api/content_lab/saved_searches/${id}/`, {
      name: 'Shared pricing',
      filters: { shared: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Shared pricing',
      query: 'pricing',
      filters: { shared: true },
    });
    const narrowed = await acme.get<Page<Clip>>(`/api/content_lab/saved_searches/${id}/clips/`);
    expect(names(narrowed.body)).toEqual(['Pricing teaser']);

    expect((await acme.delete(`/api/content_lab/saved_searches/${id}/`)).status).toBe(204);
    expect((await acme.get(`/api/content_lab/saved_searches/${id}/`)).status).toBe(404);
    expect((await acme.get(`/api/content_lab/saved_searches/${id}/clips/`)).status).toBe(404);
    expect((await acme.get<SavedSearch[]>('/api/content_lab/saved_searches/')).body).toEqual([]);
  });

  it('answers 404 for another organisation’s saved search and never shows its clips', async () => {
    const theirs = await other.post<SavedSearch>('/api/content_lab/saved_searches/', {
      name: 'Theirs',
      query: 'pricing',
    });
    expect(theirs.status).toBe(201);
    const url = `/api/content_lab/saved_searches/${theirs.body.id}/`;
    expect((await acme.get(url)).status).toBe(404);
    expect((await acme.get(`${url}clips/`)).status).toBe(404);
    expect((await acme.patch(url, { name: 'Mine now' })).status).toBe(404);
    expect((await acme.delete(url)).status).toBe(404);
    expect((await acme.get('/api/content_lab/saved_searches/not-a-uuid/')).status).toBe(404);

    const theirClips = await other.get<Page<Clip>>(`${url}clips/`);
    expect(names(theirClips.body)).toEqual(['Pricing of theirs']);
    expect((await other.get<SavedSearch>(url)).body.name).toBe('Theirs');
  });

  it('refuses bad input with 400 and the field’s error', async () => {
    const noName = await acme.post<{ message: string; code: string; errors: Record<string, string[]> }>(
      '/api/content_lab/saved_searches/',
      { name: '   ', query: 'x' },
    );
    expect(noName.status).toBe(400);
    expect(noName.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(noName.body.errors)).toEqual(['name']);

    const badFilter = await acme.post('/api/content_lab/saved_searches/', {
      name: 'Odd',
      filters: { video_asset: 'nope', colour: 'red' },
    });
    expect(badFilter.status).toBe(400);

    const badQuery = await acme.get('/api/content_lab/clip_search/?vertical=maybe');
    expect(badQuery.status).toBe(400);

    const created = await acme.post<SavedSearch>('/api/content_lab/saved_searches/', { name: 'Any clip' });
    expect(created.body).toMatchObject({ query: '', filters: {} });
    const badRename = await acme.patch(`/api/content_lab/saved_searches/${created.body.id}/`, { name: '' });
    expect(badRename.status).toBe(400);
    const everything = await acme.get<Page<Clip>>(
      `/api/content_lab/saved_searches/${created.body.id}/clips/`,
    );
    expect(everything.body.count).toBe(4);
  });

  it('shows a member who sees only their teams’ videos only the clips of those', async () => {
    const teamAdmin = await teamAdminSeeingOne(studio, admin, keynote, panel);
    const member = caller(studio, teamAdmin.access);
    const mine = await member.get<Page<Clip>>('/api/content_lab/clip_search/?query=pricing&limit=1');
    expect(mine.body.count).toBe(2);
    expect(mine.body.results.map((clip) => clip.name)).toEqual(['Pricing deep dive']);
    const all = await acme.get<Page<Clip>>('/api/content_lab/clip_search/?query=pricing');
    expect(all.body.count).toBe(3);
  });
});
