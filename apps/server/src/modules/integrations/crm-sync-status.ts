import type { CrmSyncFailure, MappedType } from '@studio/domain';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { RegistrationsService } from '../registration/registrants/registrations.service.ts';
import type { CrmSync } from './integrations.jobs.ts';
import type { IntegrationsRepository } from './integrations.repository.ts';
import type { IntegrationsService, ManagedEvent } from './integrations.service.ts';

/**
 * Where an event's pushes to each CRM stand beyond the counts: the people whose push failed (with
 * the CRM's error), their retry, and the back-fill of the event's registrants when a CRM is
 * switched on for it after people registered. Each re-push is one job per person, at the status
 * the person has now.
 */
export function createCrmSyncStatus(deps: {
  repository: IntegrationsRepository;
  integrations: Pick<IntegrationsService, 'usingEvent'>;
  sync: Pick<CrmSync, 'pushAgain'>;
  registrants: Pick<RegistrationsService, 'registrantsToSync'>;
}) {
  const { repository, sync, registrants } = deps;
  return {
    async failures(managed: ManagedEvent, crmType: MappedType, page: PageRequest) {
      const event = deps.integrations.usingEvent(managed, crmType);
      const { rows, count } = await repository.syncFailures(event.id, crmType, page);
      const results: CrmSyncFailure[] = rows.map((row) => ({
        email: row.email,
        error: row.error,
        updated_at: new Date(row.updated_at).toISOString(),
      }));
      return { count, results };
    },

    async retry(managed: ManagedEvent, crmType: MappedType) {
      const event = deps.integrations.usingEvent(managed, crmType);
      const emails = await repository.failedEmails(event.id, crmType);
      const people = registrants.registrantsToSync(event.id, emails);
      return { queued: await sync.pushAgain(event.organizationId, event.id, crmType, people) };
    },

    /** Queues the event's registrants to the CRM switched on for it, each at their status. */
    backfill: (organizationId: string, eventId: string, crmType: MappedType) =>
      sync.pushAgain(organizationId, eventId, crmType, registrants.registrantsToSync(eventId)),
  };
}

export type CrmSyncStatus = ReturnType<typeof createCrmSyncStatus>;
