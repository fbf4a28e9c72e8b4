import type { PricingConfig, PricingFeatureKey } from './pricing.ts';

/** Spec 002 §6: the plan feature each gated back-office object needs before it is created. */
export const PLAN_FEATURE_OF = {
  series: 'series',
  repeatingEvent: 'repeatingEvents',
  hubPage: 'hubPages',
  template: 'templates',
} as const satisfies Record<string, PricingFeatureKey>;
export type PlanGatedObject = keyof typeof PLAN_FEATURE_OF;

/** The plan feature an event of this host type needs; null for virtual events (every plan has them). */
export function hostTypePlanFeature(hostType: string | null | undefined): PricingFeatureKey | null {
  if (hostType === 'In_Person') return 'inPersonEvents';
  if (hostType === 'Hybrid') return 'hybridEvents';
  return null;
}

/** Whether the plan allows it; null (nothing gated) is always allowed. */
export const planAllows = (pricing: PricingConfig, feature: PricingFeatureKey | null): boolean =>
  feature === null || pricing[feature];
