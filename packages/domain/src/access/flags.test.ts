import { describe, expect, it } from 'vitest';
import { isTeamLevelIntegrationOn, resolveFeatureFlags } from './flags.ts';

describe('isTeamLevelIntegrationOn (spec 001 §6: workspaces enabled plus its flag)', () => {
  it.each([
    { isWorkspaceEnabled: true, flag: true, on: true },
    { isWorkspaceEnabled: true, flag: false, on: false },
    { isWorkspaceEnabled: false, flag: true, on: false },
    { isWorkspaceEnabled: false, flag: false, on: false },
  ])('workspaces $isWorkspaceEnabled, flag $flag → $on', ({ isWorkspaceEnabled, flag, on }) => {
    const featureFlags = resolveFeatureFlags({ isTeamLevelIntegrationEnabled: flag });
    expect(isTeamLevelIntegrationOn({ isWorkspaceEnabled, featureFlags })).toBe(on);
  });

  it('is off by default', () => {
    expect(
      isTeamLevelIntegrationOn({ isWorkspaceEnabled: true, featureFlags: resolveFeatureFlags({}) }),
    ).toBe(false);
  });
});
