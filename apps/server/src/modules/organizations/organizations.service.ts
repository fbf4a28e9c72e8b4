import { serverMessages, type Organization } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { UsersService } from '../users/users.service.ts';
import type { OrganizationRecord, OrganizationsRepository } from './organizations.repository.ts';

export function createOrganizationsService(deps: { db: Executor; organizations: OrganizationsRepository; users: UsersService }) {
  const { db, organizations, users } = deps;
  return {
    /** Creates an organisation and makes its creator the organisation admin, atomically. */
    async create(caller: Caller, name: string): Promise<Organization> {
      const record = await db.transaction().execute(async (tx) => {
        const id = await organizations.insert(name, tx);
        const joined = await users.joinOrganization(caller.userId, id, 'ORG_ADMIN', tx);
        if (!joined) throw new HttpError(409, 'ALREADY_IN_ORGANIZATION', serverMessages.alreadyInOrganization);
        return organizations.findById(id, tx);
      });
      if (!record) throw notFound();
      return toOrganization(record);
    },

    /** Only the caller's own organisation exists for the caller; any other id is a 404. */
    async get(caller: Caller, id: string): Promise<Organization> {
      if (caller.organizationId !== id) throw notFound();
      const record = await organizations.findById(id);
      if (!record) throw notFound();
      return toOrganization(record);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

function toOrganization(record: OrganizationRecord): Organization {
  return {
    id: record.id,
    name: record.name,
    is_workspace_enabled: record.is_workspace_enabled,
    enable_inhouse_simulive: record.enable_inhouse_simulive,
    content_lab_enabled: record.content_lab_enabled,
    registration_app_vanity_domain_settings: record.vanity_domains,
    tray_id: record.tray_id,
    eloqua_form_id: record.eloqua_form_id,
    base_marketo_program_id: record.base_marketo_program_id,
    marketo_custom_activity_ids: {
      event: record.marketo_event_activity_id,
      user_profile: record.marketo_user_profile_activity_id,
      user_engagement: record.marketo_user_engagement_activity_id,
    },
    is_event_roles_enabled: record.is_event_roles_enabled,
    useHLSGuard: record.hls_guard_enabled,
    is_free_trial: record.is_free_trial,
    created_at: record.created_at.toISOString(),
  };
}
