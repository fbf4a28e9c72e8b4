import { accessMessages, planAllows, type PricingFeatureKey } from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import type { Scope } from './event-scope.ts';

/**
 * Spec 002 §6 on the server: a creation the organisation's plan does not enable answers 403
 * FEATURE_NOT_ENABLED with the spec's message. Without a known plan (no tier) everything is allowed.
 */
export function requirePlanFeature(scope: Scope, feature: PricingFeatureKey | null): void {
  const { pricing } = scope.settings;
  if (pricing && !planAllows(pricing, feature))
    throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
}
