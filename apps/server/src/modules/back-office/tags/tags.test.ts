import { describe, expect, it } from 'vitest';
import type { Page, Series, StudioEvent, Tag } from '@studio/domain';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Tags Org');

const create = (tag_name: string) =>
  api.post<Tag & { code: string; message: string; errors: Record<string, string[]> }>('/api/core/tags/', {
    organization: admin.organization.id,
    tag_name,
  });

describe('tag library', () => {
  it('creates, lists by name, renames and deletes tags', async () => {
    const zeta = (await create('Zeta')).body;
    const alpha = await create('  alpha  ');
    expect(alpha.status).toBe(201);
    expect(alpha.body).toMatchObject({
      tag_name: 'alpha',
      organization: admin.organization.id,
      events_count: 0,
      series_count: 0,
    });
    const listed = (await api.get<Page<Tag>>(`/api/core/tags/?organization=${admin.organization.id}`)).body;
    expect(listed.results.map((tag) => tag.tag_name)).toEqual(['alpha', 'Zeta']);
    expect((await api.get<Page<Tag>>('/api/core/tags/?search=ZE')).body.results.map((tag) => tag.id)).toEqual(
      [zeta.id],
    );
    const renamed = await api.patch<Tag>(`/api/core/tags/${zeta.id}/`, { tag_name: 'Omega' });
    expect(renamed.body.tag_name).toBe('Omega');
    expect((await api.delete(`/api/core/tags/${zeta.id}/`)).status).toBe(204);
    expect((await api.get(`/api/core/tags/${zeta.id}/`)).status).toBe(404);
  });

  it("refuses a duplicate name in any case with TAG_ALREADY_IN_ENTITY and the library's message (name cut to 20 + …)", async () => {
    await create('Customer onboarding webinars');
    const duplicate = await create('customer ONBOARDING webinars');
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.code).toBe('TAG_ALREADY_IN_ENTITY');
    expect(duplicate.body.message).toBe(
      'Tag with name "customer ONBOARDING …" already exists in the Tag Library.',
    );
    const short = (await create('Beta')).body;
    expect((await create('beta')).body.message).toBe(
      'Tag with name "beta" already exists in the Tag Library.',
    );
    const rename = await api.patch<{ code: string }>(`/api/core/tags/${short.id}/`, {
      tag_name: 'Customer Onboarding Webinars',
    });
    expect(rename.status).toBe(400);
    expect(rename.body.code).toBe('TAG_ALREADY_IN_ENTITY');
    expect((await create('   ')).status).toBe(400);
  });

  it('attaches to events and series, counts its uses, and deleting it detaches it', async () => {
    const tag = (await create('Launch')).body;
    const event = await newEvent(api, {
      title: 'Tagged',
      start: '2031-01-01T10:00:00Z',
      end: '2031-01-01T11:00:00Z',
      tags: [tag.id],
    });
    const series = (await api.post<Series>('/api/event/series/', { name: 'Tagged series', tags: [tag.id] }))
      .body;
    expect((await api.get<Tag>(`/api/core/tags/${tag.id}/`)).body).toMatchObject({
      events_count: 1,
      series_count: 1,
    });
    expect((await api.delete(`/api/core/tags/${tag.id}/`)).status).toBe(204);
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.tags).toEqual([]);
    expect((await api.get<Series>(`/api/event/series/${series.id}/`)).body.tags).toEqual([]);
  });

  it('is the organisation’s own: other organisations get 404, members without rights 403', async () => {
    const tag = (await create('Private')).body;
    const other = await newAdmin(studio, 'Other Org');
    const outsider = caller(studio, other.access);
    expect((await outsider.get(`/api/core/tags/?organization=${admin.organization.id}`)).status).toBe(404);
    expect(
      (await outsider.post('/api/core/tags/', { organization: admin.organization.id, tag_name: 'Planted' }))
        .status,
    ).toBe(404);
    expect((await outsider.patch(`/api/core/tags/${tag.id}/`, { tag_name: 'Stolen' })).status).toBe(404);
    expect((await outsider.delete(`/api/core/tags/${tag.id}/`)).status).toBe(404);
    // Their own tag cannot be put on our events either.
    const theirs = (
      await outsider.post<Tag>('/api/core/tags/', { organization: other.organization.id, tag_name: 'Theirs' })
    ).body;
    const refused = await api.post('/api/event/', {
      title: 'x',
      start_time: '2031-01-01T10:00:00Z',
      end_time: '2031-01-01T11:00:00Z',
      tags: [theirs.id],
    });
    expect(refused.status).toBe(400);
    const plain = caller(studio, (await newMember(studio, admin.organization.id, null)).access);
    expect((await plain.get('/api/core/tags/')).status).toBe(403);
    const viewer = caller(studio, (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access);
    expect((await viewer.get('/api/core/tags/')).status).toBe(200);
    expect(
      (await viewer.post('/api/core/tags/', { organization: admin.organization.id, tag_name: 'Nope' }))
        .status,
    ).toBe(403);
  });
});
