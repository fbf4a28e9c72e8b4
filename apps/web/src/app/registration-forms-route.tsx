import { EventFormPage } from '../features/registration-forms/event-form-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /webinar/$eventId/registration/form */
export const EventFormRoute = () => (
  <EventFormPage eventId={useRouteParam('eventId')} title="Registration Form" />
);

/** /events/$eventId/registration-new/page: the page is named as its tab names it. */
export const EventRegistrationPageRoute = () => (
  <EventFormPage eventId={useRouteParam('eventId')} title="Registration Page" />
);
