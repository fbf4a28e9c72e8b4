import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../../../modules/access/access.fixtures.ts';
import { fileStudio } from '../../../../test/file-studio.ts';
import { isUniqueViolation } from '../unique-violation.ts';
import { up } from './0081-custom-role-names.ts';

const studio = fileStudio();

describe('migration 0081: an organisation’s custom role names become distinct, then stay so', () => {
  it('keeps the oldest of each name, numbers the others (and those named like a built-in role)', async () => {
    const [acme, globex] = [await newAdmin(studio, 'Roles Acme'), await newAdmin(studio, 'Roles Globex')];
    const db = studio.database.db as unknown as Kysely<unknown>;
    // As saved before: no index, so one organisation may hold a name several times.
    await sql`drop index roles_organization_display_name_key`.execute(db);
    const insert = async (organizationId: string, displayName: string, minute: number) => {
      const inserted = await sql<{ id: string }>`
        insert into roles (organization_id, name, display_name, realm, role_group, permission_list, created_at)
        values (${organizationId}, ${`custom:${minute}`}, ${displayName}, 'event_app', 'Speaker Roles',
                '["stage:join"]'::jsonb, ${new Date(Date.UTC(2030, 0, 1, 9, minute))})
        returning id
      `.execute(db);
      return inserted.rows[0]?.id ?? '';
    };
    const ids = [
      await insert(acme.organization.id, 'Host', 1),
      await insert(acme.organization.id, ' host ', 2),
      await insert(acme.organization.id, 'HOST', 3),
      await insert(acme.organization.id, 'Host (2)', 4),
      await insert(acme.organization.id, 'producer', 5),
      await insert(acme.organization.id, 'Solo', 6),
      await insert(globex.organization.id, 'host', 7),
    ];

    await up(db);

    const names = await sql<{ id: string; display_name: string }>`
      select id, display_name from roles where organization_id is not null
    `.execute(db);
    const nameOf = new Map(names.rows.map((row) => [row.id, row.display_name]));
    expect(ids.map((id) => nameOf.get(id))).toEqual([
      'Host',
      'host (3)',
      'HOST (4)',
      'Host (2)',
      'producer (2)',
      'Solo',
      'host',
    ]);
    // From now on the index refuses a taken name, whatever the case or surrounding spaces.
    const again = await insert(acme.organization.id, ' SOLO ', 8).catch((error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
    expect(await insert(globex.organization.id, 'Solo', 9)).toEqual(expect.any(String));
  });
});
