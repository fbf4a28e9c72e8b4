import { CheckInStaffPage } from '../features/people/check-in-staff-page.tsx';
import { SpeakersPage } from '../features/people/speakers-page.tsx';
import { StaffPage } from '../features/people/staff-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useOrganization } from './event-with-organization.tsx';
import { RepeatingProgramme } from './repeating-programme.tsx';
import { Loading } from '../ui/list-states.tsx';

const loading = <Loading label="Loading the people of the event" />;

function EventSpeakers({ eventId }: { eventId: string }) {
  const organization = useOrganization();
  return organization ? <SpeakersPage eventId={eventId} organizationId={organization.id} /> : loading;
}

function EventStaff({ eventId }: { eventId: string }) {
  const organization = useOrganization();
  return organization ? (
    <StaffPage
      eventId={eventId}
      organizationId={organization.id}
      eventRolesEnabled={organization.is_event_roles_enabled}
    />
  ) : (
    loading
  );
}

/** /events/$eventId/programs/speakers and /webinar/$eventId/programs/speakers */
export const SpeakersRoute = () => <EventSpeakers eventId={useRouteParam('eventId')} />;
/** /events/$eventId/programs/staff and /webinar/$eventId/details/staff */
export const StaffRoute = () => <EventStaff eventId={useRouteParam('eventId')} />;
/** /events/$eventId/programs/check-in-staff */
export const CheckInStaffRoute = () => <CheckInStaffPage eventId={useRouteParam('eventId')} />;

/** The repeating event's people are those of the occurrence holding its programme. */
export const RepeatingSpeakersRoute = () => (
  <RepeatingProgramme>{(eventId) => <EventSpeakers eventId={eventId} />}</RepeatingProgramme>
);
export const RepeatingStaffRoute = () => (
  <RepeatingProgramme>{(eventId) => <EventStaff eventId={eventId} />}</RepeatingProgramme>
);
export const RepeatingCheckInStaffRoute = () => (
  <RepeatingProgramme>{(eventId) => <CheckInStaffPage eventId={eventId} />}</RepeatingProgramme>
);
