import type { OrganizationFeatureFlagsPatch } from '@studio/domain';
import type { TestStudio } from '../../../test/harness.ts';

/** Sets an organisation's feature flags the one way there is: the operator's (`npm run admin -- flags`). */
export async function setOperatorFlags(
  studio: TestStudio,
  organizationId: string,
  flags: OrganizationFeatureFlagsPatch,
): Promise<void> {
  for (const [key, value] of Object.entries(flags))
    await studio.operatorFlags.setFlag(organizationId, key, value ?? null);
}
