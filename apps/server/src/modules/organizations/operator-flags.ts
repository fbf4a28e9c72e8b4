import {
  ORGANIZATION_FLAGS,
  organizationFeatureFlagsPatchSchema,
  resolveFeatureFlags,
  type OrganizationFeatureFlags,
} from '@studio/domain';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { keptUntilChanged } from '../../platform/kept-until-changed.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { OrganizationsRepository } from './organizations.repository.ts';
import { toChanges, toOrganizationDetail } from './organizations.service.ts';

/** The pub/sub channel on which a process says an organisation's flags changed (its id only). */
const FLAGS_CHANNEL = 'organization_flags';
/** Longest a node trusts its copy without hearing of a change (a lost NOTIFY while reconnecting). */
const FLAGS_KEPT_MS = 10_000;

/**
 * The organisation feature flags (spec 001 §9) are plan and operator switches: the provider's
 * operators set them (`npm run admin -- flags …`), never the customer's settings page. Each set
 * is told on the pub/sub, so every node's kept copy (`keptFlagsOf`) is forgotten.
 */
export function createOperatorFlags(organizations: OrganizationsRepository, pubsub: PubSub) {
  // Every chat post, question and vote reads them (issue 34); an operator changes them rarely.
  const kept = keptUntilChanged(
    pubsub,
    FLAGS_CHANNEL,
    async (organizationId: string) => {
      const record = await organizations.findById(organizationId);
      if (!record) throw notFound();
      return resolveFeatureFlags(record.feature_flags);
    },
    String,
    { maxAgeMs: FLAGS_KEPT_MS },
  );
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
      await kept.changed(organizationId);
    },

    /**
     * The flags the operator stores (resolved; useHLSGuard, the organisation's own column, is not
     * among them), read once per node and kept until a set on any process names the organisation.
     */
    keptFlagsOf: kept.read,
  };
}

export type OperatorFlags = ReturnType<typeof createOperatorFlags>;
