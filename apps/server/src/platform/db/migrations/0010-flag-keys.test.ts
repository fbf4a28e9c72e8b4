import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OrganizationDetail } from '@studio/domain';
import { bearer } from '../../../../test/harness.ts';
import { newAdmin } from '../../../modules/access/access.fixtures.ts';
import { up } from './0010-flag-keys.ts';
import { fileStudio } from '../../../../test/file-studio.ts';

const studio = fileStudio();

const flagsOf = async (organizationId: string) =>
  (
    await studio.app.inject({
      method: 'GET',
      url: `/api/core/organization/${organizationId}/`,
      headers: bearer((await admin).access),
    })
  ).json<OrganizationDetail>().feature_flags;
let admin: ReturnType<typeof newAdmin>;

describe('the flag keys of spec 002 §3.7', () => {
  it('renames stored overrides to the spec keys, keeping their values and every other flag', async () => {
    admin = newAdmin(studio);
    const { organization } = await admin;
    const stored = {
      isChatVisibilityEnabled: true,
      isNewChatAppEnabled: true,
      isAssignQnaToSpeakerEnabled: false,
      isSessionReplayTrackingEnabled: true,
      Use_CL_Uploads_In_VL: true,
    };
    await sql`update organizations set feature_flags = ${JSON.stringify(stored)}::jsonb where id = ${organization.id}`.execute(
      studio.database.db,
    );
    await up(studio.database.db as unknown as Kysely<unknown>);

    const row = await studio.database.db
      .selectFrom('organizations')
      .select('feature_flags')
      .where('id', '=', organization.id)
      .executeTakeFirstOrThrow();
    expect(row.feature_flags).toEqual({
      useChatVisibility: true,
      useNewChatApp: true,
      assignQnaToSpeaker: false,
      useLogrocketTrack: true,
      Use_CL_Uploads_In_VL: true,
    });
    expect(await flagsOf(organization.id)).toMatchObject({
      useChatVisibility: true,
      useNewChatApp: true,
      assignQnaToSpeaker: false,
      useLogrocketTrack: true,
    });
  });
});
