import { useHubPage } from '../features/hub-pages/hub-pages-api.ts';
import { PageBuilderPage } from '../features/page-builder/page-builder-page.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** /events/$eventId/registration-new/page/page-builder */
export const EventRegistrationPageBuilderRoute = () => (
  <PageBuilderPage ownerType="event" ownerId={useRouteParam('eventId')} kind="registration" />
);
/** /webinar/$eventId/on-demand-page-builder */
export const EventOnDemandPageBuilderRoute = () => (
  <PageBuilderPage ownerType="event" ownerId={useRouteParam('eventId')} kind="on_demand" />
);
/** /series/$seriesId/… and /repeating-event/$seriesId/registration/page/page-builder */
export const SeriesRegistrationPageBuilderRoute = () => (
  <PageBuilderPage ownerType="series" ownerId={useRouteParam('seriesId')} kind="registration" />
);
/** /repeating-event/$seriesId/on-demand-page-builder */
export const SeriesOnDemandPageBuilderRoute = () => (
  <PageBuilderPage ownerType="series" ownerId={useRouteParam('seriesId')} kind="on_demand" />
);
/** /templates/$templateId/registration/page-builder */
export const TemplateRegistrationPageBuilderRoute = () => (
  <PageBuilderPage ownerType="template" ownerId={useRouteParam('templateId')} kind="registration" />
);
/** /templates/$templateId/on-demand-page-builder */
export const TemplateOnDemandPageBuilderRoute = () => (
  <PageBuilderPage ownerType="template" ownerId={useRouteParam('templateId')} kind="on_demand" />
);
/**
 * /pages/$pageId/hub-page-builder: a hub page is one page, its landing page. Outside a workspace,
 * the page names itself as a workspace's header names an event's builder.
 */
export function HubPageBuilderRoute() {
  const pageId = useRouteParam('pageId');
  const hubPage = useHubPage(pageId);
  return (
    <>
      <PageHeader
        title={hubPage.data?.name ?? 'Hub Page Builder'}
        description="Lay out the hub page: its banner, description and the events it lists."
      />
      <PageBuilderPage ownerType="hub_page" ownerId={pageId} kind="landing" />
    </>
  );
}
