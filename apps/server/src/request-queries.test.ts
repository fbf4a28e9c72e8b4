import { defaultPage } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/harness.ts';
import { createCountingStudio, type CountingStudio } from '../test/statement-counter.ts';
import { newAdmin } from './modules/access/access.fixtures.ts';
import { caller, newEvent } from './modules/back-office/back-office.fixtures.ts';
import { setOperatorFlags } from './modules/organizations/organizations.fixtures.ts';
import { createHlsGuard } from './modules/video-library/playback.ts';
import { agendaApi, libraryVideo } from './modules/programme/agenda/agenda.fixtures.ts';
import { organizationVideosOf } from './modules/video-library/video-asset-view.ts';
import { seedVideoAssets } from './modules/video-library/video-library.fixtures.ts';
import { createVideoLibraryRepository } from './modules/video-library/video-library.repository.ts';

/**
 * What a request costs the database (issue 12): the statements of a signed-in request, a page
 * of events and a page of videos are pinned, so a query added to the hot paths fails here.
 */
let studio: CountingStudio;
let admin: Awaited<ReturnType<typeof newAdmin>>;
let eventId: string;
const eventIds: string[] = [];

beforeAll(async () => {
  studio = await createCountingStudio();
  admin = await newAdmin(studio, 'Counted Org');
  const api = caller(studio, admin.access);
  const day = 86_400_000;
  for (let i = 0; i < 30; i += 1) {
    ({ id: eventId } = await newEvent(api, {
      title: `Event ${i}`,
      start: new Date(Date.now() + (i + 1) * day),
      end: new Date(Date.now() + (i + 1) * day + 3_600_000),
    }));
    eventIds.push(eventId);
  }
  await seedVideoAssets(studio.database, admin.organization.id, {
    count: 60,
    workspaces: [],
    creators: [admin.userId],
  });
});
afterAll(() => studio.close());

const get = (url: string) => studio.app.inject({ method: 'GET', url, headers: bearer(admin.access) });

/** The signed-in caller, then their scope (settings and teams together): the event routes' first statements. */
const CALLER_AND_SCOPE = ['select auth_sessions,users', 'select organizations,workspace_members,workspaces'];

describe('statements per request', () => {
  it('a signed-in /me: the person with their teams while the session is live, in one statement', async () => {
    const statements = await studio.statementsOf(async () =>
      expect((await get('/api/core/user/me/')).statusCode).toBe(200),
    );
    expect(statements).toEqual(['select users,workspace_members,workspaces,auth_sessions']);
  });

  it('a page of 25 events: the caller, the scope (settings and teams together), then the count and the page (tags and registration pages included)', async () => {
    let count = 0;
    const statements = await studio.statementsOf(async () => {
      const response = await get(`/api/event/?organization=${admin.organization.id}&limit=25`);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ count: number; results: unknown[] }>();
      count = page.count;
      expect(page.results).toHaveLength(25);
    });
    expect(count).toBe(30);
    expect(statements).toEqual([
      ...CALLER_AND_SCOPE,
      'select events,series',
      // The page's ids (a subquery, `page`), then the details of those rows only: each event's
      // builder_raw_json (its registration page, the pages area's) and its registrant counts (the
      // registration area's, kept beside its registrations) in the page's statement.
      'select events,series,page,workspaces,event_workflows,event_tags,tags,built_pages,event_registration_counts',
    ]);
  });

  it('a page of events with the not-use-registrant-counts flag: the same statements, no registration read', async () => {
    const flagged = await newAdmin(studio, 'Uncounted Org');
    await newEvent(caller(studio, flagged.access), {
      title: 'Uncounted',
      start: new Date(Date.now() + 86_400_000),
      end: new Date(Date.now() + 90_000_000),
    });
    await setOperatorFlags(studio, flagged.organization.id, { notUseRegistrantCounts: true });
    const statements = await studio.statementsOf(async () =>
      expect(
        (await studio.app.inject({ method: 'GET', url: '/api/event/', headers: bearer(flagged.access) }))
          .statusCode,
      ).toBe(200),
    );
    expect(statements).toEqual([
      ...CALLER_AND_SCOPE,
      'select events,series',
      'select events,series,page,workspaces,event_workflows,event_tags,tags,built_pages',
    ]);
  });

  it('a page of 50 videos: the caller and organisation, the bounded count, the page ids, the page, its usage by events and templates (one union) , by sessions, by booth heroes and by built pages with their owners (one statement per area that uses videos)', async () => {
    const statements = await studio.statementsOf(async () =>
      expect((await get('/api/core/video_assets/?limit=50')).statusCode).toBe(200),
    );
    expect(statements).toEqual([
      'select auth_sessions,users',
      'select organizations',
      'select video_assets',
      'select video_assets',
      'select video_assets,users,workspaces',
      'select events,studio_templates',
      'select broadcast_videos,broadcasts',
      'select booths',
      'select built_pages,events,series,studio_templates,hub_pages,owner',
    ]);
  });

  it("the videos of the stage, pages and Content Lab: the organisation, then every id in one statement, whatever their number; another organisation's are left out", async () => {
    const assets = createVideoLibraryRepository(studio.database.db);
    const view = { publicUrl: 'http://studio.test', guard: createHlsGuard(studio.secretKey, 60) };
    const ids = (
      await studio.database.db
        .selectFrom('video_assets')
        .select('id')
        .where('organization_id', '=', admin.organization.id)
        .orderBy('id')
        .limit(12)
        .execute()
    ).map((row) => row.id);
    const other = await newAdmin(studio, 'Other Org');
    await seedVideoAssets(studio.database, other.organization.id, {
      count: 1,
      workspaces: [],
      creators: [other.userId],
    });
    const { id: elsewhere } = await studio.database.db
      .selectFrom('video_assets')
      .select('id')
      .where('organization_id', '=', other.organization.id)
      .executeTakeFirstOrThrow();
    const read = (wanted: readonly string[]) =>
      organizationVideosOf(assets, view, admin.organization.id, wanted, (record) => record.name);
    let one = new Map<string, string>();
    let many = new Map<string, string>();
    const oneStatements = await studio.statementsOf(async () => (one = await read(ids.slice(0, 1))));
    const manyStatements = await studio.statementsOf(
      async () => (many = await read([...ids, ids[0]!, elsewhere, 'not-an-id'])),
    );
    expect(oneStatements).toEqual(['select organizations', 'select video_assets,users,workspaces']);
    expect(manyStatements).toEqual(oneStatements);
    expect([...one.keys()]).toEqual(ids.slice(0, 1));
    expect([...many.keys()].sort()).toEqual(ids);
  });

  it("a video's usage by the sessions of several events: the events read in one statement, whatever their number", async () => {
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    const agenda = agendaApi(caller(studio, admin.access));
    const usedBy = eventIds.slice(0, 4);
    for (const event of usedBy) {
      const { body } = await caller(studio, admin.access).get<{ start_time: string; end_time: string }>(
        `/api/event/${event}/`,
      );
      const session = await agenda.createSession({
        event,
        title: 'Replay',
        start_time: body.start_time,
        end_time: body.end_time,
        broadcast_type: 'SIMULIVE',
        video_assets: [video],
      });
      expect(session.status).toBe(201);
    }
    let entries: unknown[] = [];
    const statements = await studio.statementsOf(async () => {
      const response = await get(`/api/core/video_assets/${video}/usage/`);
      expect(response.statusCode).toBe(200);
      entries = response.json<unknown[]>();
    });
    expect(entries).toHaveLength(usedBy.length);
    expect(statements).toEqual([
      'select auth_sessions,users',
      'select organizations',
      'select video_assets,users,workspaces',
      'select events,studio_templates',
      'select broadcast_videos,broadcasts',
      'select booths',
      'select built_pages,events,series,studio_templates,hub_pages,owner',
      'select events,series,workspaces,event_workflows,event_tags,tags',
    ]);
  });

  it('a registration page saved: the caller, the scope and the event once (the owner check), then the page written', async () => {
    const statements = await studio.statementsOf(async () => {
      const response = await studio.app.inject({
        method: 'PUT',
        url: `/api/event/${eventId}/page/?kind=registration`,
        headers: bearer(admin.access),
        payload: { builder_raw_json: defaultPage('event', 'registration', 'Conference') },
      });
      expect(response.statusCode).toBe(200);
    });
    expect(statements).toEqual([
      ...CALLER_AND_SCOPE,
      'select events,series,workspaces,event_workflows,event_tags,tags',
      'insert built_pages',
    ]);
  });

  it("an event's CRM settings and its marketing settings: the caller, the scope and the event once (the routes' guard), then the settings", async () => {
    const crm = await studio.statementsOf(async () =>
      expect((await get(`/api/event/${eventId}/integration_settings/`)).statusCode).toBe(200),
    );
    const marketing = await studio.statementsOf(async () =>
      expect((await get(`/api/event/${eventId}/marketing_settings/`)).statusCode).toBe(200),
    );
    const guarded = [...CALLER_AND_SCOPE, 'select events,series,workspaces,event_workflows,event_tags,tags'];
    expect(crm).toEqual([...guarded, 'select crm_event_settings']);
    expect(marketing).toEqual([...guarded, 'select events']);
  });

  it('a public registration page: the event once, then its form, page, content, code and domain; a second visitor none until a write (embedded database)', async () => {
    const visit = () =>
      studio.statementsOf(async () =>
        expect(
          (await studio.attendeeSite.inject({ method: 'GET', url: `/e/${eventId}/register` })).statusCode,
        ).toBe(200),
      );
    expect(await visit()).toEqual([
      'select registration_domains',
      'select events,series,workspaces,event_workflows,event_tags,tags',
      'select built_pages',
      'select registration_domains',
      // The agenda's tracks and sessions are read side by side (the stage's programme).
      'select tracks',
      'select broadcasts,broadcast_videos,video_assets,broadcast_tracks,tracks',
      'select event_roles,users,organization_people,events',
      'select booths',
      'select event_code_areas',
    ]);
    expect(await visit()).toEqual([]);
    await studio.database.db
      .updateTable('events')
      .set({ title: 'Renamed' })
      .where('id', '=', eventId)
      .execute();
    expect(await visit()).toContain('select events,series,workspaces,event_workflows,event_tags,tags');
  });
});
