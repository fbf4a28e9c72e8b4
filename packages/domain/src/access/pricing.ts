import { z } from 'zod';

/**
 * Spec 002 §3.14 and §6: the organisation's plan — a tier and the features it enables
 * (`pricing_config`). A no-tier organisation has everything. Counts use -1 for "no limit".
 */
export const PRICING_FEATURES = [
  { key: 'drift', label: 'Drift integration' },
  { key: 'slack', label: 'Slack integration' },
  { key: 'slackSalesforce', label: 'Slack plus Salesforce integration' },
  { key: 'wistia', label: 'Wistia integration' },
  { key: 'pardot', label: 'Pardot integration' },
  { key: 'eloqua', label: 'Eloqua integration' },
  { key: 'salesforce', label: 'Salesforce integration' },
  { key: 'marketo', label: 'Marketo integration' },
  { key: 'registrantCap', label: 'Registrant cap' },
  { key: 'waitlist', label: 'Waitlist' },
  { key: 'multiDay', label: 'Multi-day events' },
  { key: 'multiSession', label: 'Multi-session events' },
  { key: 'multiTrack', label: 'Multi-track events' },
  { key: 'prerecordedSessions', label: 'Prerecorded sessions' },
  { key: 'rtmp', label: 'RTMP inputs' },
  { key: 'embeddedEvents', label: 'Embedded events' },
  { key: 'liveCaptionsAndTranslations', label: 'Live captions and translations' },
  { key: 'captionTranslation', label: 'Caption translation' },
  { key: 'crossEventReports', label: 'Cross-event reports' },
  { key: 'customReporting', label: 'Custom reporting' },
  { key: 'selfServeReporting', label: 'Self-serve reporting' },
  { key: 'roiDashboard', label: 'ROI dashboard' },
  { key: 'whitelabelPageDomain', label: 'White-label page domain' },
  { key: 'hybridEvents', label: 'Hybrid events' },
  { key: 'inPersonEvents', label: 'In-person events' },
  { key: 'boothsTab', label: 'Booths tab' },
  { key: 'series', label: 'Series' },
  { key: 'repeatingEvents', label: 'Repeating events' },
  { key: 'hubPages', label: 'Hub pages' },
  { key: 'templates', label: 'Templates' },
  { key: 'magicLinkSync', label: 'Magic-link sync' },
  { key: 'oneClick', label: 'One-click register' },
  { key: 'tokenCreation', label: 'API token creation' },
  { key: 'webhooks', label: 'Webhooks' },
  { key: 'permissions', label: 'Permissions (roles with permission lists)' },
  { key: 'recordingStudio', label: 'Recording studio' },
] as const;
export type PricingFeatureKey = (typeof PRICING_FEATURES)[number]['key'];

export const PRICING_COUNTS = [{ key: 'voiceProfileCount', label: 'Voice profiles', default: -1 }] as const;
export type PricingCountKey = (typeof PRICING_COUNTS)[number]['key'];

export type PricingConfig = Record<PricingFeatureKey, boolean> & Record<PricingCountKey, number>;

export const pricingConfigSchema = z.object({
  ...(Object.fromEntries(PRICING_FEATURES.map((feature) => [feature.key, z.boolean()])) as Record<
    PricingFeatureKey,
    z.ZodBoolean
  >),
  ...(Object.fromEntries(PRICING_COUNTS.map((count) => [count.key, z.number().int().min(-1)])) as Record<
    PricingCountKey,
    z.ZodNumber
  >),
});

/** 002 §3.14: only an organisation on a plan tier has a contract (and its attendee count). */
export const hasContract = (plan: { tier: string | null }) => plan.tier !== null;

/** The plan of an organisation as stored: a tier (null = no tier) and its stored feature values. */
export interface OrganizationPlan {
  tier: string | null;
  config: Readonly<Record<string, unknown>>;
}

/**
 * No tier: every feature on and no limits. A tier: what its stored config enables; a feature the
 * config does not name is off, a count it does not name has its default.
 */
export function resolvePricingConfig(plan: OrganizationPlan): PricingConfig {
  const resolved: Record<string, boolean | number> = {};
  for (const feature of PRICING_FEATURES) {
    const stored = plan.config[feature.key];
    resolved[feature.key] = plan.tier === null ? true : stored === true;
  }
  for (const count of PRICING_COUNTS) {
    const stored = plan.config[count.key];
    const valid = typeof stored === 'number' && Number.isInteger(stored) && stored >= -1;
    resolved[count.key] = plan.tier !== null && valid ? stored : count.default;
  }
  return resolved as PricingConfig;
}

export function isPlanFeatureEnabled(plan: OrganizationPlan, feature: PricingFeatureKey): boolean {
  return resolvePricingConfig(plan)[feature];
}
