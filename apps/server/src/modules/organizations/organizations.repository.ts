import { sql, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { workspacesReadModel } from '../workspaces/workspaces.read-model.ts';
import type { OrganizationTable } from './organizations.tables.ts';

export type OrganizationRecord = Selectable<OrganizationTable>;

export type OrganizationColumnChanges = Pick<
  Updateable<OrganizationTable>,
  | 'name'
  | 'is_workspace_enabled'
  | 'enable_inhouse_simulive'
  | 'content_lab_enabled'
  | 'is_event_roles_enabled'
  | 'hls_guard_enabled'
  | 'tray_id'
  | 'eloqua_form_id'
  | 'base_marketo_program_id'
  | 'marketo_event_activity_id'
  | 'marketo_user_profile_activity_id'
  | 'marketo_user_engagement_activity_id'
>;

export interface OrganizationPlanRecord {
  pricing_tier: string | null;
  pricing_config: Record<string, unknown>;
}

export function createOrganizationsRepository(db: Executor) {
  return {
    async insert(name: string, tx: Executor = db): Promise<string> {
      const row = await tx
        .insertInto('organizations')
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findById(id: string, tx: Executor = db): Promise<OrganizationRecord | undefined> {
      return tx.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The settings areas act on and the ids of the person's teams in it, in one statement. */
    async findScopeFacts(organizationId: string, userId: string, tx: Executor = db) {
      return tx
        .selectFrom('organizations')
        .select([
          'is_workspace_enabled',
          'feature_flags',
          'hls_guard_enabled',
          'pricing_tier',
          'pricing_config',
        ])
        .select(
          sql<
            string[]
          >`coalesce((select json_agg(teams.id) from (${workspacesReadModel.teamsOf(organizationId, userId)}) as teams), '[]')`.as(
            'team_ids',
          ),
        )
        .where('id', '=', organizationId)
        .executeTakeFirst();
    },

    async findPlan(id: string, tx: Executor = db): Promise<OrganizationPlanRecord | undefined> {
      return tx
        .selectFrom('organizations')
        .select(['pricing_tier', 'pricing_config'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Changes columns and merges flag overrides into the stored ones in one statement (concurrent
     * changes of different flags both survive); false when the organisation is gone.
     */
    async update(
      id: string,
      changes: { columns: OrganizationColumnChanges; featureFlags: Record<string, unknown> },
      tx: Executor = db,
    ): Promise<boolean> {
      const flags = JSON.stringify(changes.featureFlags);
      const result = await tx
        .updateTable('organizations')
        .set({
          ...changes.columns,
          feature_flags: sql<string>`feature_flags || ${flags}::jsonb`,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The plan is the provider's, not the organisation admin's: no route writes it. */
    async setPlan(
      id: string,
      plan: { tier: string | null; config: Record<string, unknown> },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .updateTable('organizations')
        .set({ pricing_tier: plan.tier, pricing_config: JSON.stringify(plan.config), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
