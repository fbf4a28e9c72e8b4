import { EmbedBuilderPage } from '../features/public-links/embed-builder-page.tsx';
import { EmbedDummyPage } from '../features/public-links/embed-dummy-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useSearchParam } from '../ui/use-search-param.ts';

/** /webinar/$eventId/on-demand-embed-builder */
export const EmbedBuilderRoute = () => <EmbedBuilderPage eventId={useRouteParam('eventId')} />;

/** /on-demand-embed-dummy/$eventId (public) */
export const EmbedDummyRoute = () => (
  <EmbedDummyPage eventId={useRouteParam('eventId')} width={useSearchParam('width') ?? undefined} />
);
