import { Alert, Anchor, Text } from '@mantine/core';
import { accessMessages, planAllows, type PricingFeatureKey } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { organizationQuery } from '../api/identity.ts';

/**
 * The contact link of a disabled plan feature (spec 000 §8 / 002 §6: "a link to contact the
 * provider"): a message to whoever runs this studio, written in the person's own mail client.
 */
export const FEATURE_CONTACT_HREF = `mailto:?subject=${encodeURIComponent('Enable a feature of Event Studio')}`;

/** Whether the organisation's plan allows it (spec 002 §6); true until the plan is known. */
export function usePlanAllows(organizationId: string | null, feature: PricingFeatureKey | null): boolean {
  const organization = useQuery({
    ...organizationQuery(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
  return !organization.data || planAllows(organization.data.pricing_config, feature);
}

/** 'This feature is not enabled for your organization' with the contact link. */
export function FeatureNotEnabled() {
  return (
    <Alert color="blue" role="status">
      <Text size="sm">{accessMessages.featureNotEnabled}</Text>
      <Anchor href={FEATURE_CONTACT_HREF} size="sm">
        Contact us
      </Anchor>
    </Alert>
  );
}
