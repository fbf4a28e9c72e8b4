import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_FLAGS,
  UNAUTHENTICATED_FLAGS,
  organizationFeatureFlagsPatchSchema,
  resolveFeatureFlags,
  resolveUnauthenticatedFlags,
} from './flags.ts';
import { PRICING_FEATURES, isPlanFeatureEnabled, resolvePricingConfig } from './pricing.ts';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  ROLE_CATALOGUE,
  ROLE_REALMS,
  findRole,
  permissionsOfRole,
} from './roles.ts';
import { managesOrganizationIntegrations } from './rules.ts';

describe('organisation flag catalogue', () => {
  it('has unique keys, 45 flags of spec 001 §9 and 000 §3 and §4, all false by default but the date', () => {
    const keys = ORGANIZATION_FLAGS.map((flag) => flag.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(45);
    expect(keys).toEqual(
      expect.arrayContaining([
        'enableDuplicateEventViaWorkflow',
        'showVideoLibraryClipPublish',
        'Use_CL_Uploads_In_VL',
        'isAiSummaryGenerationEnabled',
        'isRecordingStudioPricingEnabled',
        'useHLSGuard',
      ]),
    );
    for (const flag of ORGANIZATION_FLAGS) {
      expect(flag.default, flag.key).toBe(flag.key === 'contentLabTestRecordingStudioDate' ? null : false);
      expect(flag.label.length, flag.key).toBeGreaterThan(0);
    }
  });

  it('resolves stored overrides over defaults, ignoring unknown keys and wrongly typed values', () => {
    const flags = resolveFeatureFlags({
      Use_CL_Uploads_In_VL: true,
      useChatVisibility: 'yes',
      contentLabTestRecordingStudioDate: '2026-12-01',
      retiredFlag: true,
    });
    expect(flags.Use_CL_Uploads_In_VL).toBe(true);
    expect(flags.useChatVisibility).toBe(false);
    expect(flags.contentLabTestRecordingStudioDate).toBe('2026-12-01');
    expect(flags).not.toHaveProperty('retiredFlag');
    expect(Object.keys(flags)).toHaveLength(ORGANIZATION_FLAGS.length);
  });

  it.each([
    [{ Use_CL_Uploads_In_VL: true }, true],
    [{}, true],
    [{ contentLabTestRecordingStudioDate: null }, true],
    [{ contentLabTestRecordingStudioDate: '2026-12-01T10:00:00Z' }, true],
    [{ contentLabTestRecordingStudioDate: 'tomorrow' }, false],
    [{ contentLabTestRecordingStudioDate: true }, false],
    [{ Use_CL_Uploads_In_VL: null }, false],
    [{ Use_CL_Uploads_In_VL: 'true' }, false],
    [{ isTimeTravelEnabled: true }, false],
  ])('a flag change %j is valid: %s', (patch, valid) => {
    expect(organizationFeatureFlagsPatchSchema.safeParse(patch).success).toBe(valid);
  });

  it('has the two unauthenticated flags, false unless set', () => {
    expect(UNAUTHENTICATED_FLAGS.map((flag) => flag.key)).toEqual(['Use_CL_Signup_Video', 'Use_CL_Remotion']);
    expect(resolveUnauthenticatedFlags({})).toEqual({ Use_CL_Signup_Video: false, Use_CL_Remotion: false });
    expect(resolveUnauthenticatedFlags({ Use_CL_Remotion: true, other: true })).toEqual({
      Use_CL_Signup_Video: false,
      Use_CL_Remotion: true,
    });
  });
});

describe('pricing config', () => {
  it('gives a no-tier organisation everything, whatever is stored', () => {
    const config = resolvePricingConfig({ tier: null, config: { permissions: false, voiceProfileCount: 3 } });
    for (const feature of PRICING_FEATURES) expect(config[feature.key], feature.key).toBe(true);
    expect(config.voiceProfileCount).toBe(-1);
  });

  it.each([
    [{ permissions: true }, 'permissions', true],
    [{ permissions: false }, 'permissions', false],
    [{}, 'permissions', false],
    [{ tokenCreation: 'true' }, 'tokenCreation', false],
    [{ customReporting: true }, 'recordingStudio', false],
  ] as const)('a tiered plan storing %j has %s: %s', (config, feature, enabled) => {
    expect(isPlanFeatureEnabled({ tier: 'PRO', config }, feature)).toBe(enabled);
  });

  it('keeps a tiered count, falling back to -1 when missing or invalid', () => {
    expect(resolvePricingConfig({ tier: 'PRO', config: { voiceProfileCount: 5 } }).voiceProfileCount).toBe(5);
    expect(resolvePricingConfig({ tier: 'PRO', config: {} }).voiceProfileCount).toBe(-1);
    expect(resolvePricingConfig({ tier: 'PRO', config: { voiceProfileCount: -7 } }).voiceProfileCount).toBe(
      -1,
    );
    expect(resolvePricingConfig({ tier: 'PRO', config: { voiceProfileCount: 1.5 } }).voiceProfileCount).toBe(
      -1,
    );
  });
});

describe('role catalogue', () => {
  it('names the spec roles in their realms with unique stable ids', () => {
    expect(new Set(ROLE_CATALOGUE.map((role) => role.id)).size).toBe(ROLE_CATALOGUE.length);
    const byName = Object.fromEntries(
      ROLE_CATALOGUE.map((role) => [role.name, [role.display_name, role.realm]]),
    );
    expect(byName).toEqual({
      ORG_ADMIN: ['Organization Admin', 'studio_app'],
      WORKSPACE_ADMIN: ['Team Admin', 'studio_app'],
      EVENT_ADMIN: ['Event Admin', 'studio_app'],
      EVENT_EDITOR: ['Event Editor', 'studio_app'],
      BRAND_EDITOR: ['Brand Editor', 'studio_app'],
      INTEGRATIONS_EDITOR: ['Integrations Editor', 'studio_app'],
      CONTENT_LAB_EDITOR: ['Content Lab Editor', 'content_lab'],
      PRODUCER: ['Producer', 'event_app'],
      COORDINATOR: ['Coordinator', 'event_app'],
      FullAccess: ['Full Access', 'event_app'],
      ShareAccess: ['Share Access', 'event_app'],
      StageAccess: ['Stage Access', 'event_app'],
    });
    for (const role of ROLE_CATALOGUE) expect(ROLE_REALMS).toContain(role.realm);
  });

  it('grants only catalogue permissions; only the organisation admin holds everything', () => {
    for (const role of ROLE_CATALOGUE) {
      for (const permission of role.permissions) {
        if (role.name === 'ORG_ADMIN') expect(permission).toBe(ALL_PERMISSIONS);
        else expect(PERMISSIONS as readonly string[]).toContain(permission);
      }
    }
  });

  it.each([
    ['ORG_ADMIN', 'api_token:manage', true],
    ['WORKSPACE_ADMIN', 'api_token:manage', false],
    ['WORKSPACE_ADMIN', 'workspace:manage', false],
    ['WORKSPACE_ADMIN', 'workspace:read', false],
    ['WORKSPACE_ADMIN', 'event:update', true],
    ['EVENT_EDITOR', 'event:update', true],
    ['EVENT_EDITOR', 'event:delete', false],
    ['BRAND_EDITOR', 'branding:update', true],
    ['BRAND_EDITOR', 'workspace:read', true],
    ['BRAND_EDITOR', 'event:update', false],
    ['INTEGRATIONS_EDITOR', 'integration:update', true],
    ['INTEGRATIONS_EDITOR', 'workspace:read', true],
    ['INTEGRATIONS_EDITOR', 'event:update', false],
    ['INTEGRATIONS_EDITOR', 'branding:update', false],
    ['INTEGRATIONS_EDITOR', 'organization:update', false],
    ['CONTENT_LAB_EDITOR', 'content:update', true],
    ['COORDINATOR', 'stage:join', false],
    ['PRODUCER', 'stage:join', true],
  ])('%s holds %s: %s', (role, permission, held) => {
    const list = permissionsOfRole(role);
    expect(list.includes(ALL_PERMISSIONS) || list.includes(permission)).toBe(held);
  });

  it.each([
    ['ORG_ADMIN', true],
    ['INTEGRATIONS_EDITOR', true],
    ['WORKSPACE_ADMIN', false],
    ['EVENT_ADMIN', false],
    ['BRAND_EDITOR', false],
  ])("%s manages the organisation's own integrations: %s", (role, manages) => {
    expect(managesOrganizationIntegrations(permissionsOfRole(role))).toBe(manages);
  });

  it('grants nothing to an unknown or missing role', () => {
    expect(permissionsOfRole(null)).toEqual([]);
    expect(permissionsOfRole('SUPERUSER')).toEqual([]);
    expect(findRole('ORG_ADMIN')?.display_name).toBe('Organization Admin');
  });
});
