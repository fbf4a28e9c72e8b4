import { sql } from 'kysely';
import type { EmailAudience } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventPeopleDirectory } from '../event-roles/event-people.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import type { EmailRecipient } from './email-scheduler.ts';

/**
 * Who an audience is, as of now (001 §9): registrants holding a seat; attendees are those the
 * check-in (the event app's door and desk) marked Attended, non-attendees the rest; staff and
 * speakers from the event's people.
 */
export function createEmailAudiences(db: Executor, people: () => EventPeopleDirectory) {
  const registrants = async (eventId: string, attended?: boolean) => {
    type Row = { id: string; email: string; first_name: string; last_name: string; registration_id: string };
    const { rows } = await sql<Row>`select contacts.*, seats.registration_id
      from (${registrationReadModel.seatsOf(eventId, attended)}) as seats
      cross join lateral (${usersReadModel.contactsOf(sql`seats.user_id`)}) as contacts`.execute(db);
    return rows.map((row): EmailRecipient => ({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      // Their own entrance link (`magic_link`): a registrant's reminder opens the event for them.
      userId: row.id,
      // Their cancel link and, where the event has a check-in desk, their check-in code.
      registrationId: row.registration_id,
    }));
  };
  const eventPeople = async (eventId: string, audience: 'speaker' | 'staff') =>
    (await people().peopleOf(eventId, { audience })).map((person): EmailRecipient => ({
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      userId: person.userId,
      registrationId: null,
    }));

  return async (eventId: string, audience: EmailAudience): Promise<EmailRecipient[]> => {
    switch (audience) {
      case 'All Registrants':
        return registrants(eventId);
      case 'Event Attendees':
        return registrants(eventId, true);
      case 'Non-Attendees':
        return registrants(eventId, false);
      case 'All Staff':
        return eventPeople(eventId, 'staff');
      case 'All Speakers':
        return eventPeople(eventId, 'speaker');
    }
  };
}
