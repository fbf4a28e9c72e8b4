import type { EventRegistrationSettings, UpdateEventRegistrationSettings } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Scope } from '../../back-office/event-scope.ts';
import type { RegistrationSettingsPort } from '../../back-office/event-copy.ts';
import type { EventsService } from '../../back-office/events/events.service.ts';
import { requirePlanFeature } from '../../back-office/plan-gates.ts';
import type { Registrations } from '../registrations.ts';
import type { RegistrationSettingsRepository } from './registration-settings.repository.ts';

export interface RegistrationSettingsDeps {
  db: Executor;
  repository: RegistrationSettingsRepository;
  /** Registration's lock on the event's row: seats are counted by one writer at a time. */
  events: Pick<EventsService, 'registrationEventOf'>;
  /** The registrations service (built after this one): promotes the waitlist when seats were added. */
  registrations: () => Pick<Registrations, 'ready' | 'seatsFreed'>;
}

/** The stored settings with the request's given fields over them. */
const withChanges = (
  stored: EventRegistrationSettings,
  request: UpdateEventRegistrationSettings,
): EventRegistrationSettings => ({
  registration_capacity:
    request.registration_capacity === undefined
      ? stored.registration_capacity
      : request.registration_capacity,
  waitlist_enabled: request.waitlist_enabled ?? stored.waitlist_enabled,
  registration_approval_required:
    request.registration_approval_required ?? stored.registration_approval_required,
});

/** What the back office copies registration settings through (duplicates, templates). */
export const registrationSettingsPort = (
  repository: RegistrationSettingsRepository,
): RegistrationSettingsPort => ({
  settingsOf: (eventId, tx) => repository.settingsOf(eventId, tx),
  write: (organizationId, eventId, settings, tx) => repository.write(organizationId, eventId, settings, tx),
});

/**
 * An event's registration settings (issue 16 §2, issue 32 §4): seats (a number needs the plan's
 * registrantCap), waitlist (turning it on needs waitlist) and approval mode. A change is written
 * under the event's registration lock and the waitlist promoted in the same transaction.
 */
export function createRegistrationSettingsService(deps: RegistrationSettingsDeps) {
  const { db, repository } = deps;

  return {
    port: registrationSettingsPort(repository),

    /** `GET /api/event/{id}/registration_settings/` of the event the guard loaded. */
    get: (event: { id: string }) => repository.settingsOf(event.id),

    /** `PATCH /api/event/{id}/registration_settings/`: the plan gates, then the write and promotion. */
    async update(
      { scope, object: event }: { scope: Scope; object: { id: string } },
      request: UpdateEventRegistrationSettings,
    ): Promise<EventRegistrationSettings> {
      const stored = await repository.settingsOf(event.id);
      const next = withChanges(stored, request);
      if (next.registration_capacity !== null && next.registration_capacity !== stored.registration_capacity)
        requirePlanFeature(scope, 'registrantCap');
      if (next.waitlist_enabled && !stored.waitlist_enabled) requirePlanFeature(scope, 'waitlist');
      const changed = (Object.keys(next) as (keyof EventRegistrationSettings)[]).some(
        (key) => next[key] !== stored[key],
      );
      if (!changed) return stored;
      const registrations = deps.registrations();
      // The promotion may enqueue emails in the transaction: the queue starts before it (on the
      // embedded database its first start needs the one connection the transaction holds).
      await registrations.ready();
      await db.transaction().execute(async (tx) => {
        await deps.events.registrationEventOf(event.id, tx, true);
        await repository.write(scope.organizationId, event.id, next, tx);
        await registrations.seatsFreed(scope.organizationId, event.id, tx);
      });
      return next;
    },
  };
}

export type RegistrationSettingsService = ReturnType<typeof createRegistrationSettingsService>;
