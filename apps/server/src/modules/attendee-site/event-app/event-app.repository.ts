import { EVENT_APP_DEFAULTS, type EventAppSettings, type TechCheck } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';

/** The event app's tables (migration 0026), and whether a person is blocked (registration's read model). */
export function createEventAppRepository(db: Executor) {
  return {
    async settingsOf(eventId: string): Promise<EventAppSettings> {
      const row = await db
        .selectFrom('event_app_settings')
        .select('settings')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return { ...EVENT_APP_DEFAULTS, ...row?.settings };
    },

    /** Merges the changed settings into the event's row. */
    async saveSettings(eventId: string, changes: Partial<EventAppSettings>): Promise<void> {
      const json = JSON.stringify(changes);
      await db
        .insertInto('event_app_settings')
        .values({ event_id: eventId, settings: json })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({
            settings: sql`event_app_settings.settings || ${json}::jsonb`,
            updated_at: sql`now()`,
          }),
        )
        .execute();
    },

    /** A duplicated event gets the source's changed settings (event copy step). */
    copySettings: (sourceEventId: string, targetEventId: string, tx: Executor) =>
      tx
        .insertInto('event_app_settings')
        .columns(['event_id', 'settings'])
        .expression((eb) =>
          eb
            .selectFrom('event_app_settings')
            .select((select) => [select.val(targetEventId).as('event_id'), 'settings'])
            .where('event_id', '=', sourceEventId),
        )
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .execute(),

    clearSettings: (eventId: string, tx: Executor) =>
      tx.deleteFrom('event_app_settings').where('event_id', '=', eventId).execute(),

    techCheckOf: (eventId: string, userId: string) =>
      db
        .selectFrom('event_app_tech_checks')
        .select(['camera', 'microphone', 'speakers', 'network', 'completed_at'])
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** The person's latest tech check replaces the one before. */
    async saveTechCheck(eventId: string, userId: string, check: TechCheck): Promise<void> {
      await db
        .insertInto('event_app_tech_checks')
        .values({ event_id: eventId, user_id: userId, ...check })
        .onConflict((oc) =>
          oc.columns(['event_id', 'user_id']).doUpdateSet({ ...check, completed_at: sql`now()` }),
        )
        .execute();
    },
  };
}

export type EventAppRepository = ReturnType<typeof createEventAppRepository>;
