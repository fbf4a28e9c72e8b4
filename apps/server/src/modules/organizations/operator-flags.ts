import {
  ORGANIZATION_FLAGS,
  organizationFeatureFlagsPatchSchema,
  type OrganizationFeatureFlags,
} from '@studio/domain';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { OrganizationsRepository } from './organizations.repository.ts';
import { toChanges, toOrganizationDetail } from './organizations.service.ts';

/**
 * The organisation feature flags (spec 001 §9) are plan and operator switches: the provider's
 * operators set them (`npm run admin -- flags …`), never the customer's settings page.
 */
export function createOperatorFlags(organizations: OrganizationsRepository) {
  return {
    /** Every flag of the organisation, resolved. */
    async flagsOf(organizationId: string): Promise<OrganizationFeatureFlags> {
      const record = await organizations.findById(organizationId);
      if (!record) throw notFound();
      return toOrganizationDetail(record, []).feature_flags;
    },

    /** Sets one flag: a boolean, or for a date flag an ISO date or null. */
    async setFlag(organizationId: string, key: string, value: boolean | string | null): Promise<void> {
      const flag = ORGANIZATION_FLAGS.find((candidate) => candidate.key === key);
      if (!flag) throw new HttpError(400, 'UNKNOWN_FLAG', `No flag is named ${key}.`);
      const parsed = organizationFeatureFlagsPatchSchema.safeParse({ [flag.key]: value });
      if (!parsed.success)
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          `${flag.key} takes ${flag.default === null ? 'a date or null' : 'on or off'}.`,
        );
      const { columns, featureFlags } = toChanges(
        { tray_id: undefined, eloqua_form_id: undefined, base_marketo_program_id: undefined },
        parsed.data,
      );
      if (!(await organizations.update(organizationId, { columns, featureFlags }))) throw notFound();
    },
  };
}

export type OperatorFlags = ReturnType<typeof createOperatorFlags>;
