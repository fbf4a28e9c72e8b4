import { TrackingPixelsPage } from '../features/code-areas/tracking-pixels-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/registration-new/tracking-pixels and /webinar/$eventId/registration/tracking-pixels */
export const TrackingPixelsRoute = () => (
  <TrackingPixelsPage owner={{ kind: 'event', id: useRouteParam('eventId') }} />
);

/** /series/… and /repeating-event/$seriesId/registration/tracking-pixels: on the series' registration page. */
export const SeriesTrackingPixelsRoute = () => (
  <TrackingPixelsPage owner={{ kind: 'series', id: useRouteParam('seriesId') }} />
);

/** /templates/$templateId/registration/tracking-pixels: copied onto the events made from the template. */
export const TemplateTrackingPixelsRoute = () => (
  <TrackingPixelsPage owner={{ kind: 'template', id: useRouteParam('templateId') }} />
);
