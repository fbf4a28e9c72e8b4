import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { seedVideoAssets } from '../../modules/video-library/video-library.fixtures.ts';
import { organizationRows } from './scoped-row.ts';

const { studio, admin } = fileStudioWithAdmin('Scoped Rows');
const db = () => studio.database.db;
let organizationId: string;
let ids: string[];

beforeAll(async () => {
  organizationId = admin.organization.id;
  await seedVideoAssets(studio.database, organizationId, {
    count: 3,
    workspaces: [],
    creators: [admin.userId],
  });
  const rows = await db().selectFrom('video_assets').select('id').orderBy('id').execute();
  ids = rows.map((row) => row.id);
});

describe("a scope's row by its id (organisation rows: the library's videos)", () => {
  it('is found, changed and deleted in its own scope only', async () => {
    const [id] = ids as [string];
    const other = randomUUID();
    expect(await organizationRows.find(db(), 'video_assets', other, id)).toBeUndefined();
    expect((await organizationRows.find(db(), 'video_assets', organizationId, id))?.id).toBe(id);

    expect(await organizationRows.update(db(), 'video_assets', other, id, { name: 'Not theirs' })).toBe(
      false,
    );
    expect(await organizationRows.update(db(), 'video_assets', organizationId, id, { name: 'Renamed' })).toBe(
      true,
    );
    const changed = await organizationRows.updateReturning(db(), 'video_assets', organizationId, id, {
      description: 'Described',
    });
    expect(changed).toMatchObject({ id, name: 'Renamed', description: 'Described' });

    expect(await organizationRows.delete(db(), 'video_assets', other, id)).toBe(false);
    expect(await organizationRows.deleteReturning(db(), 'video_assets', other, id)).toBeUndefined();
    expect((await organizationRows.deleteReturning(db(), 'video_assets', organizationId, id))?.name).toBe(
      'Renamed',
    );
    expect(await organizationRows.delete(db(), 'video_assets', organizationId, id)).toBe(false);
  });

  it('answers whether the row is there when there is nothing to change', async () => {
    const [, id] = ids as [string, string];
    expect(await organizationRows.update(db(), 'video_assets', organizationId, id, {})).toBe(true);
    expect(await organizationRows.update(db(), 'video_assets', organizationId, id, { name: undefined })).toBe(
      true,
    );
    expect(await organizationRows.update(db(), 'video_assets', randomUUID(), id, {})).toBe(false);
    const unchanged = await organizationRows.updateReturning(db(), 'video_assets', organizationId, id, {});
    expect(unchanged?.name).toBe(
      (await organizationRows.find(db(), 'video_assets', organizationId, id))?.name,
    );
  });

  it('finds and changes none for a malformed id', async () => {
    expect(await organizationRows.find(db(), 'video_assets', organizationId, 'not-an-id')).toBeUndefined();
    expect(
      await organizationRows.updateReturning(db(), 'video_assets', organizationId, 'not-an-id', {
        name: 'x',
      }),
    ).toBeUndefined();
  });
});
