import { TrackingPixelsPage } from '../features/code-areas/tracking-pixels-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/registration-new/tracking-pixels and /webinar/$eventId/registration/tracking-pixels */
export const TrackingPixelsRoute = () => <TrackingPixelsPage eventId={useRouteParam('eventId')} />;
