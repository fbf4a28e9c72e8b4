// Video library list at scale: the API's p99 ÷ the same queries run directly on the database.
import { bearer, createTestStudio } from '../apps/server/test/harness.ts';
import { newAdmin, newMember, newWorkspace } from '../apps/server/src/modules/access/access.fixtures.ts';
import {
  createVideoLibraryRepository,
  type VideoAssetFilter,
} from '../apps/server/src/modules/video-library/video-library.repository.ts';
import { seedVideoAssets } from '../apps/server/src/modules/video-library/video-library.testing.ts';
import { percentile, ratio, timed } from './bench-util.ts';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 200_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);

export async function benchVideoList(databaseKind: 'pglite' | 'postgres'): Promise<string[]> {
  process.env.STUDIO_TEST_DATABASE = databaseKind;
  const studio = await createTestStudio({ publicUrl: 'http://studio.test', checkAnswers: false });
  try {
    const admin = await newAdmin(studio);
    const org = admin.organization.id;
    const people = [admin.userId];
    for (let i = 0; i < 4; i += 1) people.push((await newMember(studio, org, 'EVENT_ADMIN')).userId);
    const teams = [];
    for (let i = 0; i < 4; i += 1) teams.push((await newWorkspace(studio, admin.access, `Team ${i}`)).id);
    await seedVideoAssets(studio.database, org, { count: ASSETS, workspaces: teams, creators: people });

    const repository = createVideoLibraryRepository(studio.database.db);
    const cases: {
      label: string;
      query: string;
      filter: Omit<VideoAssetFilter, 'visibleWorkspaces'>;
      offset?: number;
      search?: boolean;
    }[] = [
      { label: 'first page', query: '', filter: { ordering: '-created_at' } },
      { label: 'by name', query: '?ordering=name', filter: { ordering: 'name' } },
      { label: 'deep page', query: '?offset=100000', filter: { ordering: '-created_at' }, offset: 100_000 },
      {
        label: 'source + team',
        query: `?source=CLIP&workspace=${teams[0]}`,
        filter: { ordering: '-created_at', sources: ['CLIP'], workspace: teams[0] },
      },
      {
        label: 'creator, no team',
        query: `?created_by=${people[1]}&workspace=no-team`,
        filter: { ordering: '-created_at', createdBy: [people[1]!], workspace: null },
      },
      {
        label: 'search "k"',
        query: '?search=k',
        filter: { ordering: '-created_at', search: 'k' },
        search: true,
      },
      {
        label: 'search "ke"',
        query: '?search=ke',
        filter: { ordering: '-created_at', search: 'ke' },
        search: true,
      },
      {
        label: 'search "keynote"',
        query: '?search=keynote',
        filter: { ordering: '-created_at', search: 'keynote' },
        search: true,
      },
      {
        label: 'search "roadmap 1234"',
        query: '?search=roadmap%201234',
        filter: { ordering: '-created_at', search: 'roadmap 1234' },
        search: true,
      },
    ];
    const lines = [
      `Video library list, ${ASSETS.toLocaleString('en')} assets in one organisation, ${databaseKind} (p99 of ${RUNS}):`,
    ];
    let plainP99 = 0;
    for (const item of cases) {
      const page = { limit: 50, offset: item.offset ?? 0 };
      const api: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < RUNS + 5; i += 1) {
        const apiMs = await timed(async () => {
          const response = await studio.app.inject({
            method: 'GET',
            url: `/api/core/video_assets/${item.query}`,
            headers: bearer(admin.access),
          });
          if (response.statusCode !== 200) throw new Error(`${item.query} answered ${response.statusCode}`);
        });
        const directMs = await timed(() =>
          repository.list(org, { ...item.filter, visibleWorkspaces: null }, page),
        );
        if (i >= 5) {
          api.push(apiMs);
          direct.push(directMs);
        }
      }
      const apiP99 = percentile(api, 99);
      if (item.label === 'first page') plainP99 = apiP99;
      lines.push(
        `  ${item.label.padEnd(22)} API p99 ÷ same SQL direct: ${ratio(apiP99 / percentile(direct, 99))}  (${apiP99.toFixed(1)} vs ${percentile(direct, 99).toFixed(1)} ms)` +
          (item.search ? `; ÷ plain list p99: ${ratio(apiP99 / plainP99)}` : ''),
      );
    }
    lines.push('  goals: API ÷ direct ≤ 1.5; search ÷ plain list ≤ 3');
    return lines;
  } finally {
    await studio.close();
  }
}
