import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageDocument, StoredPage, StudioEvent, StudioTemplate } from '@studio/domain';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { up } from './0029-registration-page-field.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, api } = fileStudioWithAdmin('Migrated Org');

const page = (title: string): PageDocument => ({
  content: [{ type: 'Hero', props: { id: 'hero', title, subtitle: '', imageUrl: '' } }],
  root: { props: { title, description: '', image: '' } },
});
const event = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T09:00:00Z', end: '2031-06-01T10:00:00Z' });

describe('migration 0029: builder_raw_json becomes the registration page', () => {
  it('moves the events column and the templates’ settings key into built pages where none is stored, and a template programme’s pages to the template', async () => {
    const db = studio.database.db;
    const moved = await event('Column only');
    const stored = await event('Page stored');
    const empty = await event('JSON null');
    await api.put(`/api/event/${stored.id}/page/?kind=registration`, { builder_raw_json: page('Stored') });
    const template = (await api.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Settings' }))
      .body;
    const source = await event('Programme source');
    const fromEvent = (
      await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    const { programme_event_id: holderId } = await db
      .selectFrom('studio_templates')
      .select('programme_event_id')
      .where('id', '=', fromEvent.id)
      .executeTakeFirstOrThrow();

    // The schema and rows as they were before 0029.
    await sql`alter table events add column builder_raw_json jsonb`.execute(db);
    const setColumn = (id: string, value: unknown) =>
      sql`update events set builder_raw_json = ${JSON.stringify(value)}::jsonb where id = ${id}`.execute(db);
    await setColumn(moved.id, page('Moved'));
    await setColumn(stored.id, page('Column'));
    await setColumn(empty.id, null);
    await sql`update studio_templates set settings = settings || ${JSON.stringify({
      builder_raw_json: page('Template'),
    })}::jsonb where id = ${template.id}`.execute(db);
    await sql`insert into built_pages (organization_id, owner_type, owner_id, event_id, kind, builder_raw_json)
      values (${fromEvent.organization}, 'event', ${holderId}, ${holderId}, 'landing',
        ${JSON.stringify(page('Holder'))}::jsonb)`.execute(db);

    await up(db as unknown as Kysely<unknown>);

    const answered = async (id: string) =>
      (await api.get<StudioEvent>(`/api/event/${id}/`)).body.builder_raw_json;
    expect(await answered(moved.id)).toEqual(page('Moved'));
    expect(await answered(stored.id)).toEqual(page('Stored'));
    expect(await answered(empty.id)).toBeNull();
    const settings = async (id: string) =>
      (await api.get<StudioTemplate>(`/api/event/studio-templates/${id}/`)).body.settings;
    expect((await settings(template.id)).builder_raw_json).toEqual(page('Template'));
    const raw = await db
      .selectFrom('studio_templates')
      .select('settings')
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    expect(raw.settings).not.toHaveProperty('builder_raw_json');
    const landing = await api.get<StoredPage>(
      `/api/event/studio-templates/${fromEvent.id}/page/?kind=landing`,
    );
    expect(landing.body).toMatchObject({ is_default: false, builder_raw_json: page('Holder') });
    const holderPages = await db
      .selectFrom('built_pages')
      .select('id')
      .where('event_id', '=', holderId)
      .execute();
    expect(holderPages).toEqual([]);
  });
});
