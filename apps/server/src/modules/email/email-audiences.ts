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
  const contacts = async (ids: ReturnType<typeof registrationReadModel.registrantIdsOf>) =>
    (await usersReadModel.contactsOf(ids).execute(db)).rows.map((row): EmailRecipient => ({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      // Their own entrance link (`magic_link`): a registrant's reminder opens the event for them.
      userId: row.id,
    }));
  const eventPeople = async (eventId: string, audience: 'speaker' | 'staff') =>
    (await people().peopleOf(eventId, { audience })).map((person): EmailRecipient => ({
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      userId: person.userId,
    }));

  return async (eventId: string, audience: EmailAudience): Promise<EmailRecipient[]> => {
    switch (audience) {
      case 'All Registrants':
        return contacts(registrationReadModel.registrantIdsOf(eventId));
      case 'Event Attendees':
        return contacts(registrationReadModel.attendanceIdsOf(eventId, true));
      case 'Non-Attendees':
        return contacts(registrationReadModel.attendanceIdsOf(eventId, false));
      case 'All Staff':
        return eventPeople(eventId, 'staff');
      case 'All Speakers':
        return eventPeople(eventId, 'speaker');
    }
  };
}
