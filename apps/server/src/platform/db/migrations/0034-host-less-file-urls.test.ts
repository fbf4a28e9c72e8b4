import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SignedUrlResponse, StudioEventDetail } from '@studio/domain';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { up } from './0034-host-less-file-urls.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

// The studio's address today; the files below were uploaded when it was localhost:8080.
const { studio, api } = fileStudioWithAdmin('Moved Host Org', { publicUrl: 'https://studio.example.org' });

async function uploaded(eventId: string): Promise<string> {
  const signed = await api.post<SignedUrlResponse>('/api/core/files/signed_url/', {
    key: `events/${eventId}/logo.png`,
    file_type: 'image/png',
  });
  const url = new URL(signed.body.url, 'https://studio.example.org');
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const put = await studio.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: png });
  expect(put.statusCode).toBe(201);
  return signed.body.content_url;
}

describe('migration 0034: uploads stored with the host of the day keep working on another host', () => {
  it('keeps our files’ URLs as content paths in every text and jsonb value; other addresses stay', async () => {
    const db = studio.database.db;
    const event = await newEvent(api, {
      title: 'Moved',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
    });
    const path = await uploaded(event.id);
    expect(path).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/events\//);
    const old = `http://localhost:8080${path}`;
    const external = 'https://cdn.example.test/brand/logo.png';
    await sql`update events set
      branding = branding || jsonb_build_object('logo_url', ${old}::text, 'favicon', ${external}::text),
      theme_obj = theme_obj || jsonb_build_object('splash_page_hero', ${old}::text,
        'logos', jsonb_build_array(${`http://10.0.0.5:3000${path}`}::text, ${external}::text)),
      description = ${`<p><img src="${old}"></p>`}
      where id = ${event.id}`.execute(db);

    await up(db as unknown as Kysely<unknown>);

    const answered = (await api.get<StudioEventDetail>(`/api/event/${event.id}/`)).body;
    expect(answered).toMatchObject({ logo_url: path, favicon: external });
    expect(answered.theme_obj).toMatchObject({ splash_page_hero: path, logos: [path, external] });
    expect(answered.description).toBe(`<p><img src="${path}"></p>`);
    // The path is served on today's host by the studio and by the attendee site.
    expect((await studio.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await studio.attendeeSite.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await studio.attendeeSite.inject({ method: 'GET', url: `${path}x` })).statusCode).toBe(404);
  });
});
