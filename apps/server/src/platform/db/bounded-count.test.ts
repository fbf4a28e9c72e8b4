import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { seedVideoAssets } from '../../modules/video-library/video-library.fixtures.ts';
import { boundedCount } from './bounded-count.ts';

const { studio, admin } = fileStudioWithAdmin('Counted Library');
let organizationId: string;

beforeAll(async () => {
  organizationId = admin.organization.id;
  await seedVideoAssets(studio.database, organizationId, {
    count: 30,
    workspaces: [],
    creators: [admin.userId],
  });
});

const videos = () =>
  studio.database.db.selectFrom('video_assets').where('organization_id', '=', organizationId);

describe('a bounded count (issue 12: counts that do not grow with the library)', () => {
  it('is exact up to its limit', async () => {
    expect(await boundedCount(studio.database.db, videos(), 30)).toEqual({ count: 30, estimated: false });
    expect(await boundedCount(studio.database.db, videos(), 1000)).toEqual({
      count: 30,
      estimated: false,
    });
  });

  it('past its limit answers the planner estimate, at least limit + 1, flagged', async () => {
    const bounded = await boundedCount(studio.database.db, videos(), 10);
    expect(bounded.estimated).toBe(true);
    expect(bounded.count).toBeGreaterThanOrEqual(11);
  });

  it('counts what the query filters, selected columns aside', async () => {
    const none = videos().select('id').where('name', '=', 'no such video');
    expect(await boundedCount(studio.database.db, none, 10)).toEqual({ count: 0, estimated: false });
  });
});
