import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { EventMagicLinks } from '../event-roles/event-people.ts';
import {
  createEventInvitations,
  registerEventInvitations,
  registerEventInvitationsJobs,
} from './event-invitations.ts';
import type { SessionTimes } from './people-mailer.ts';

/** People's emails: invitations with calendar invitations, reminders, bulk invitations (issue 15). */
export function eventInvitationsArea(
  studio: Studio,
  ports: Pick<EventRolesArea, 'eventRoles' | 'invitations'> & {
    backOffice: BackOffice;
    magicLinks: EventMagicLinks;
    sessionTimes: (eventId: string, ids: readonly string[]) => Promise<SessionTimes[]>;
  },
) {
  const { platform } = studio;
  const invitations = createEventInvitations({
    db: studio.database.db,
    jobs: platform.jobs,
    emails: () => studio.emails.use(),
    mailFrom: platform.mailFrom,
    realtime: platform.realtime,
    events: ports.backOffice.events,
    sessionTimes: ports.sessionTimes,
    directory: () => ports.eventRoles.directory,
    magicLinks: () => ports.magicLinks,
  });
  registerEventInvitations(studio.app, invitations, studio.publicUrl);
  registerEventInvitationsJobs(platform.jobs, invitations);
  ports.invitations.provide(invitations.invitations);
  return invitations;
}
