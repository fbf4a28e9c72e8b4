import { describe, expect, it } from 'vitest';
import type { OrganizationDetail } from '@studio/domain';
import { bearer } from '../test/harness.ts';
import { runAdminCommand } from './admin-command.ts';
import { newAdmin } from './modules/access/access.fixtures.ts';
import { fileStudio } from '../test/file-studio.ts';
import { createStudioUsageRepository } from './modules/studio-usage/studio-usage.repository.ts';

const studio = fileStudio();

const admin = (...args: string[]) =>
  runAdminCommand(
    { flags: studio.operatorFlags, usage: createStudioUsageRepository(studio.database.db) },
    args,
  );

describe('npm run admin -- flags (the operator sets plan and feature flags)', () => {
  it('lists, switches on and off and dates an organisation’s flags, which the organisation then answers', async () => {
    const customer = await newAdmin(studio);
    const id = customer.organization.id;
    expect(await admin('flags', id)).toContain('isPptAnimationsEnabled: off');
    expect(await admin('flags', id, 'set', 'isPptAnimationsEnabled', 'on')).toEqual([
      `isPptAnimationsEnabled set to on for ${id}.`,
    ]);
    await admin('flags', id, 'set', 'useHLSGuard', 'on');
    await admin('flags', id, 'set', 'contentLabTestRecordingStudioDate', '2026-12-01');
    const read = await studio.app.inject({
      method: 'GET',
      url: `/api/core/organization/${id}/`,
      headers: bearer(customer.access),
    });
    expect(read.json<OrganizationDetail>()).toMatchObject({
      useHLSGuard: true,
      feature_flags: {
        isPptAnimationsEnabled: true,
        useHLSGuard: true,
        contentLabTestRecordingStudioDate: '2026-12-01',
      },
    });
    await admin('flags', id, 'set', 'isPptAnimationsEnabled', 'off');
    expect(await admin('flags', id)).toContain('isPptAnimationsEnabled: off');
  });

  it('refuses an unknown flag, a wrong value and an unknown organisation, and explains its usage', async () => {
    const { organization } = await newAdmin(studio);
    await expect(admin('flags', organization.id, 'set', 'isTimeTravelEnabled', 'on')).rejects.toThrow(
      'No flag is named isTimeTravelEnabled.',
    );
    await expect(admin('flags', organization.id, 'set', 'isPptAnimationsEnabled', 'maybe')).rejects.toThrow(
      'isPptAnimationsEnabled takes on or off.',
    );
    await expect(
      admin('flags', '00000000-0000-4000-8000-000000000000', 'set', 'isPptAnimationsEnabled', 'on'),
    ).rejects.toMatchObject({ status: 404 });
    expect((await admin('teams'))[0]).toContain('Usage: npm run admin -- flags');
  });
});
