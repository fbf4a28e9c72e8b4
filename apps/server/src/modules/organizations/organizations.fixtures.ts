import type { OrganizationFeatureFlagsPatch } from '@studio/domain';
import type { TestStudio } from '../../../test/harness.ts';
import { createOperatorFlags } from './operator-flags.ts';
import { createOrganizationsRepository } from './organizations.repository.ts';

/** Sets an organisation's feature flags the one way there is: the operator's (`npm run admin -- flags`). */
export async function setOperatorFlags(
  studio: TestStudio,
  organizationId: string,
  flags: OrganizationFeatureFlagsPatch,
): Promise<void> {
  const operator = createOperatorFlags(createOrganizationsRepository(studio.database.db));
  for (const [key, value] of Object.entries(flags))
    await operator.setFlag(organizationId, key, value ?? null);
}
