import { describe, expect, it } from 'vitest';
import {
  accessMessages,
  ORGANIZATION_FLAGS,
  PRICING_FEATURES,
  type OrganizationDetail,
  type PricingConfig,
} from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { newAdmin, newMember, setPlan } from '../access/access.fixtures.ts';
import { setOperatorFlags } from './organizations.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';

const studio = fileStudio();

const read = (access: string, id: string) =>
  studio.app.inject({ method: 'GET', url: `/api/core/organization/${id}/`, headers: bearer(access) });
const change = (access: string, id: string, payload: object, method: 'PATCH' | 'PUT' = 'PATCH') =>
  studio.app.inject({ method, url: `/api/core/organization/${id}/`, headers: bearer(access), payload });

describe('organisation feature flags', () => {
  it('answers every catalogue flag with its default: false, and null for the test recording-studio date', async () => {
    const admin = await newAdmin(studio);
    const organization = (await read(admin.access, admin.organization.id)).json<OrganizationDetail>();
    expect(Object.keys(organization.feature_flags).sort()).toEqual(
      ORGANIZATION_FLAGS.map((flag) => flag.key).sort(),
    );
    for (const [key, value] of Object.entries(organization.feature_flags)) {
      expect(value, key).toBe(key === 'contentLabTestRecordingStudioDate' ? null : false);
    }
    // The flags spec 000 names are there under its own keys.
    expect(organization.feature_flags).toMatchObject({
      enableDuplicateEventViaWorkflow: false,
      showVideoLibraryClipPublish: false,
      Use_CL_Uploads_In_VL: false,
      isAiSummaryGenerationEnabled: false,
      isRecordingStudioPricingEnabled: false,
    });
  });

  it('lets the operator override some flags, keeping the others and earlier overrides', async () => {
    const admin = await newAdmin(studio);
    const id = admin.organization.id;
    await setOperatorFlags(studio, id, { Use_CL_Uploads_In_VL: true, isAiSummaryGenerationEnabled: true });
    await setOperatorFlags(studio, id, {
      isAiSummaryGenerationEnabled: false,
      contentLabTestRecordingStudioDate: '2026-12-01',
    });
    const flags = (await read(admin.access, id)).json<OrganizationDetail>().feature_flags;
    expect(flags).toMatchObject({
      Use_CL_Uploads_In_VL: true,
      isAiSummaryGenerationEnabled: false,
      contentLabTestRecordingStudioDate: '2026-12-01',
      showVideoLibraryClipPublish: false,
    });
    // Another organisation keeps its defaults.
    const other = await newAdmin(studio);
    expect(
      (await read(other.access, other.organization.id)).json<OrganizationDetail>().feature_flags
        .Use_CL_Uploads_In_VL,
    ).toBe(false);
  });

  it("refuses a customer's PATCH naming feature_flags with 400 on that field, changing nothing", async () => {
    const admin = await newAdmin(studio);
    const id = admin.organization.id;
    for (const feature_flags of [{ Use_CL_Uploads_In_VL: true }, { isTimeTravelEnabled: true }, {}]) {
      const refused = await change(admin.access, id, { name: 'Renamed', feature_flags });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { feature_flags: [accessMessages.featureFlagsReadOnly] },
      });
    }
    const organization = (await read(admin.access, id)).json<OrganizationDetail>();
    expect(organization.name).toBe('Acme Events');
    expect(organization.feature_flags.Use_CL_Uploads_In_VL).toBe(false);
  });

  it('keeps the HLS guard in one place: the field and the flag agree whichever is changed', async () => {
    const admin = await newAdmin(studio);
    const id = admin.organization.id;
    await setOperatorFlags(studio, id, { useHLSGuard: true });
    const viaFlag = (await read(admin.access, id)).json<OrganizationDetail>();
    expect([viaFlag.useHLSGuard, viaFlag.feature_flags.useHLSGuard]).toEqual([true, true]);
    const viaField = (await change(admin.access, id, { useHLSGuard: false })).json<OrganizationDetail>();
    expect([viaField.useHLSGuard, viaField.feature_flags.useHLSGuard]).toEqual([false, false]);
  });
});

describe('organisation update', () => {
  it('changes the settings an organisation admin owns and nothing else', async () => {
    const admin = await newAdmin(studio);
    const id = admin.organization.id;
    const response = await change(admin.access, id, {
      name: '  Northwind Live ',
      is_workspace_enabled: true,
      is_event_roles_enabled: true,
      tray_id: 'tray-1',
      eloqua_form_id: '',
      marketo_custom_activity_ids: { event: '100001' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<OrganizationDetail>()).toMatchObject({
      id,
      name: 'Northwind Live',
      is_workspace_enabled: true,
      is_event_roles_enabled: true,
      tray_id: 'tray-1',
      eloqua_form_id: null,
      marketo_custom_activity_ids: { event: '100001', user_profile: null, user_engagement: null },
      useHLSGuard: false,
      is_free_trial: false,
    });
  });

  it('accepts the whole organisation back with PUT, ignoring its read-only fields', async () => {
    const admin = await newAdmin(studio);
    const id = admin.organization.id;
    const current = (await read(admin.access, id)).json<OrganizationDetail>();
    const body = {
      ...current,
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Whole body',
      is_free_trial: true,
      tier: 'ENTERPRISE',
      pricing_config: { ...current.pricing_config, permissions: false },
      created_at: '2000-01-01T00:00:00.000Z',
      feature_flags: { ...current.feature_flags, showVideoLibraryClipPublish: true },
    };
    const response = await change(admin.access, id, body, 'PUT');
    expect(response.statusCode).toBe(200);
    const saved = response.json<OrganizationDetail>();
    expect(saved).toMatchObject({
      id,
      name: 'Whole body',
      is_free_trial: false,
      tier: null,
      created_at: current.created_at,
    });
    // The flags are the operator's: sent back whole, they are ignored.
    expect(saved.feature_flags.showVideoLibraryClipPublish).toBe(false);
    expect(saved.pricing_config.permissions).toBe(true);
  });

  it('answers 404 for another organisation and 403 for a member without the permission', async () => {
    const mine = await newAdmin(studio, 'Mine');
    const theirs = await newAdmin(studio, 'Theirs');
    const foreign = await change(mine.access, theirs.organization.id, { name: 'Taken over' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Theirs');

    for (const role of ['WORKSPACE_ADMIN', 'EVENT_ADMIN', null]) {
      const member = await newMember(studio, theirs.organization.id, role);
      const refused = await change(member.access, theirs.organization.id, {
        name: 'Taken over',
        useHLSGuard: true,
      });
      expect(refused.statusCode, String(role)).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const unchanged = (await read(theirs.access, theirs.organization.id)).json<OrganizationDetail>();
    expect([unchanged.name, unchanged.useHLSGuard]).toEqual(['Theirs', false]);
    const anonymous = await studio.app.inject({
      method: 'PATCH',
      url: `/api/core/organization/${theirs.organization.id}/`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('organisation plan', () => {
  it('gives a no-tier organisation every plan feature and no limits', async () => {
    const admin = await newAdmin(studio);
    const organization = (await read(admin.access, admin.organization.id)).json<OrganizationDetail>();
    expect(organization.tier).toBeNull();
    for (const feature of PRICING_FEATURES)
      expect(organization.pricing_config[feature.key], feature.key).toBe(true);
    expect(organization.pricing_config.voiceProfileCount).toBe(-1);
  });

  it('gives a tiered organisation only what its stored config enables', async () => {
    const admin = await newAdmin(studio);
    await setPlan(studio, admin.organization.id, 'STARTER', {
      series: true,
      customReporting: true,
      voiceProfileCount: 2,
      unknown: true,
    });
    const organization = (await read(admin.access, admin.organization.id)).json<OrganizationDetail>();
    expect(organization.tier).toBe('STARTER');
    const enabled = Object.entries(organization.pricing_config as PricingConfig)
      .filter(([, value]) => value === true)
      .map(([key]) => key)
      .sort();
    expect(enabled).toEqual(['customReporting', 'series']);
    expect(organization.pricing_config.voiceProfileCount).toBe(2);
    expect(organization.pricing_config).not.toHaveProperty('unknown');
  });
});

describe('unauthenticated flags', () => {
  it('serves Use_CL_Signup_Video and Use_CL_Remotion without sign-in, false by default', async () => {
    const response = await studio.app.inject({ method: 'GET', url: '/api/core/flags/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Use_CL_Signup_Video: false, Use_CL_Remotion: false });
  });

  it('answers an instance override', async () => {
    // The override is the whole instance's: removed again so the file's other tests see the default.
    const { db } = studio.database;
    await db.insertInto('instance_feature_flags').values({ key: 'Use_CL_Remotion', value: 'true' }).execute();
    try {
      const response = await studio.app.inject({ method: 'GET', url: '/api/core/flags/' });
      expect(response.json()).toEqual({ Use_CL_Signup_Video: false, Use_CL_Remotion: true });
    } finally {
      await db.deleteFrom('instance_feature_flags').where('key', '=', 'Use_CL_Remotion').execute();
    }
  });
});
