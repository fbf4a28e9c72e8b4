import { RegistrantsPage } from '../features/registrants/registrants-page.tsx';
import { SeriesRegistrantsPage } from '../features/series-registrants/series-registrants-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/registration-new/registrants and /webinar/$eventId/registration/registrants */
export const RegistrantsRoute = () => <RegistrantsPage eventId={useRouteParam('eventId')} />;
/** /series/$seriesId/registration/registrants and /repeating-event/$seriesId/registration/registrants */
export const SeriesRegistrantsRoute = () => <SeriesRegistrantsPage seriesId={useRouteParam('seriesId')} />;
