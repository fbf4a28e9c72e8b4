import { EventFormPage } from '../features/registration-forms/event-form-page.tsx';
import { FormsPage } from '../features/registration-forms/forms-page.tsx';
import { SettingsTabs } from '../features/settings/settings-frame.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /webinar/$eventId/registration/form */
export const EventFormRoute = () => (
  <EventFormPage eventId={useRouteParam('eventId')} title="Registration Form" />
);

/** /events/$eventId/registration-new/page: the page is named as its tab names it. */
export const EventRegistrationPageRoute = () => (
  <EventFormPage eventId={useRouteParam('eventId')} title="Registration Page" />
);

/** /settings-new/forms: the forms, a section of Settings (its tabs under the header). */
export const FormsRoute = () => <FormsPage sectionTabs={<SettingsTabs />} />;
