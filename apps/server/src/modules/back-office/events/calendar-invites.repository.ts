import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { usersReadModel } from '../../users/users.read-model.ts';
import { workspacesReadModel } from '../../workspaces/workspaces.read-model.ts';

/** The users holding a seat at an event, as SQL (registration's, supplied at composition). */
export type RegistrantIdsOf = (eventId: string) => RawBuilder<{ user_id: string }>;

/** Who gets an event's calendar invitation, and which version (SEQUENCE) each person holds. */
export function createCalendarInvitesRepository(db: Executor, registrantIdsOf: RegistrantIdsOf) {
  return {
    /**
     * The people an event's calendar invitation goes to, the one place later areas extend:
     * attendees (registrants holding a seat) and organisers — the person who created the event and
     * the members of its workspace — all current members of the organisation.
     */
    async calendarRecipients(
      event: { id: string; organization_id: string; workspace_id: string | null; created_by: string | null },
      onlyAttendees: boolean,
      tx: Executor = db,
    ): Promise<{ email: string; first_name: string; last_name: string }[]> {
      const { rows: attendees } = await usersReadModel.contactsOf(registrantIdsOf(event.id)).execute(tx);
      if (onlyAttendees) return attendees.sort((a, b) => a.email.localeCompare(b.email));
      const people = [
        ...(event.created_by ? [sql`select ${event.created_by}::uuid`] : []),
        ...(event.workspace_id ? [workspacesReadModel.memberIdsOf(event.workspace_id)] : []),
      ];
      const { rows: organisers } =
        people.length === 0
          ? { rows: [] }
          : await usersReadModel
              .contactsAmong(event.organization_id, sql.join(people, sql` union `))
              .execute(tx);
      const byEmail = new Map(
        [...attendees, ...organisers].map((person) => [person.email.toLowerCase(), person]),
      );
      return [...byEmail.values()].sort((a, b) => a.email.localeCompare(b.email));
    },

    async invitesSent(eventId: string, tx: Executor = db): Promise<Map<string, number>> {
      const rows = await tx
        .selectFrom('event_calendar_invites')
        .select(['email', 'sequence'])
        .where('event_id', '=', eventId)
        .execute();
      return new Map(rows.map((row) => [row.email.toLowerCase(), row.sequence]));
    },

    async recordInvite(eventId: string, email: string, sequence: number, tx: Executor = db): Promise<void> {
      await tx
        .insertInto('event_calendar_invites')
        .values({ event_id: eventId, email: email.toLowerCase(), sequence })
        .onConflict((oc) => oc.columns(['event_id', 'email']).doUpdateSet({ sequence, sent_at: new Date() }))
        .execute();
    },
  };
}

export type CalendarInvitesRepository = ReturnType<typeof createCalendarInvitesRepository>;
