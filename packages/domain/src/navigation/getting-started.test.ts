import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/roles.ts';
import { GETTING_STARTED_STEPS } from '../home/index.ts';
import { GETTING_STARTED_STEP_RIGHTS, offeredGettingStartedSteps } from './getting-started.ts';

const holding =
  (...rights: Permission[]) =>
  (permission: Permission) =>
    rights.includes(permission);

describe('offeredGettingStartedSteps', () => {
  it('names a right for every step', () => {
    expect(Object.keys(GETTING_STARTED_STEP_RIGHTS).sort()).toEqual(
      GETTING_STARTED_STEPS.map((step) => step.key).sort(),
    );
  });

  it('offers every step, in order, to a member holding every right', () => {
    expect(offeredGettingStartedSteps(() => true)).toEqual(GETTING_STARTED_STEPS);
  });

  it('offers only the steps whose page the member may use', () => {
    expect(
      offeredGettingStartedSteps(holding('event:create', 'branding:update')).map((step) => step.key),
    ).toEqual(['first_event', 'branding']);
  });

  it('offers no checklist to a member who does not create events, whatever else they hold', () => {
    expect(offeredGettingStartedSteps(holding('video:update', 'user:manage', 'branding:update'))).toEqual([]);
  });

  it('names in the branding step what ticks it: any branding, not a buffer video alone', () => {
    // The server ticks it for colours, fonts or a buffer video on any event or template.
    expect(GETTING_STARTED_STEPS.find((step) => step.key === 'branding')?.label).toBe(
      'Set your branding (colors, fonts or a buffer video)',
    );
  });
});
