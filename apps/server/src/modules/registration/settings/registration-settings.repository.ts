import { DEFAULT_REGISTRATION_SETTINGS, type EventRegistrationSettings } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';

/** The only code that touches `event_registration_settings` (no row: the defaults). */
export function createRegistrationSettingsRepository(db: Executor) {
  return {
    async settingsOf(eventId: string, tx: Executor = db): Promise<EventRegistrationSettings> {
      const row = await tx
        .selectFrom('event_registration_settings')
        .select(['registration_capacity', 'waitlist_enabled', 'registration_approval_required'])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row ?? DEFAULT_REGISTRATION_SETTINGS;
    },

    async write(
      organizationId: string,
      eventId: string,
      settings: EventRegistrationSettings,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insertInto('event_registration_settings')
        .values({ event_id: eventId, organization_id: organizationId, ...settings })
        .onConflict((conflict) =>
          conflict.column('event_id').doUpdateSet({ ...settings, updated_at: new Date() }),
        )
        .execute();
    },
  };
}

export type RegistrationSettingsRepository = ReturnType<typeof createRegistrationSettingsRepository>;
