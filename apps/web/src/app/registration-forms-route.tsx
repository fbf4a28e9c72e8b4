import { EventFormPage } from '../features/registration-forms/event-form-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/registration-new/page and /webinar/$eventId/registration/form */
export const EventFormRoute = () => <EventFormPage eventId={useRouteParam('eventId')} />;
