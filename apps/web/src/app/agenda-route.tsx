import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { AgendaPage } from '../features/agenda/agenda-page.tsx';
import { eventQuery } from '../features/events/events-api.ts';
import { SessionSurveys } from '../features/surveys/session-surveys.tsx';
import { SurveysPanel } from '../features/surveys/surveys-panel.tsx';
import { SelectVideosFromLibrary } from '../features/video-library/select-videos-from-library.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { RepeatingProgramme } from './repeating-programme.tsx';

/** The agenda builder of one event with its plan, the library's picker and the surveys (app/ composes features). */
function EventAgenda({ eventId }: { eventId: string }) {
  const event = useQuery(eventQuery(eventId));
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const organization = useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) });
  // The workspace layout answers a missing event; this waits for the shared query.
  if (!event.data || !organization.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the agenda" />
      </Center>
    );
  return (
    <AgendaPage
      event={event.data}
      pricing={organization.data.pricing_config}
      VideoPicker={SelectVideosFromLibrary}
      SurveysPanel={SurveysPanel}
      SessionSurveys={SessionSurveys}
    />
  );
}

/** /events/$eventId/programs/agenda */
export function AgendaRoute() {
  return <EventAgenda eventId={useRouteParam('eventId')} />;
}

/** /repeating-event/$seriesId/programs/agenda: the repeating event's programme, held by its next occurrence. */
export function RepeatingAgendaRoute() {
  return <RepeatingProgramme>{(eventId) => <EventAgenda eventId={eventId} />}</RepeatingProgramme>;
}
