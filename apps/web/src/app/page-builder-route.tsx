import { Alert, Stack, Text } from '@mantine/core';
import {
  publicLinkMessages,
  repeatingEventOnDemandNote,
  type BrandingState,
  type StudioEvent,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSignedInOrganization } from '../api/identity.ts';
import { useBrandingSubject, type BrandingTarget } from '../features/branding/branding-api.ts';
import { isNotFound } from '../api/api-error.ts';
import { HubPageNotFound } from '../features/hub-pages/hub-page-page.tsx';
import { useHubPage } from '../features/hub-pages/hub-pages-api.ts';
import {
  PageBuilderPage,
  type PageBuilderProps,
  type PreviewRegistration,
} from '../features/page-builder/page-builder-page.tsx';
import { eventLinksQuery } from '../features/public-links/public-links-api.ts';
import { LinkRow } from '../features/public-links/public-links-menu.tsx';
import { seriesEventsQuery, useSeries } from '../features/series/series-api.ts';
import { templateQuery } from '../features/templates/template-query.ts';
import { useAccess } from '../session/use-access.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { BRAND_KIT_READERS } from './shell-menu.ts';

// The preview wears the branding the owner's attendee pages wear (attendee-site's page-branding.ts):
// an event's and a template's own (read with event:read, as the page is), a series' registration
// and a hub page their organisation's brand kit (read only by a member its route lets read it).

/** A page builder of an event or template, in its own saved branding (Look and Feel's query). */
function OwnBrandedPageBuilder(
  props: Omit<PageBuilderProps, 'branding'> & { ownerType: 'event' | 'template' },
) {
  const target: BrandingTarget = { kind: props.ownerType, id: props.ownerId };
  return <PageBuilderPage {...props} branding={useBrandingSubject(target).data?.branding} />;
}

/** Reads the brand kit and hands its branding on (rendered only for a member who may read it). */
function BrandKitReader({
  organizationId,
  onRead,
}: {
  organizationId: string;
  onRead: (b: BrandingState) => void;
}) {
  const branding = useBrandingSubject({ kind: 'brandKit', id: organizationId }).data?.branding;
  useEffect(() => {
    if (branding) onRead(branding);
  }, [branding, onRead]);
  return null;
}

/**
 * A page builder in the organisation's brand kit; without a right to read the kit (its route's
 * BRAND_KIT_READERS), in the stylesheet's defaults, with no call made. The builder stays where it
 * is in the tree as the kit arrives (the reader is its sibling), so an edit under way is kept.
 */
function BrandKitPageBuilder(props: Omit<PageBuilderProps, 'branding'>) {
  const { organizationId } = useSignedInOrganization();
  const access = useAccess(organizationId);
  const [branding, setBranding] = useState<BrandingState>();
  return (
    <>
      {BRAND_KIT_READERS.some((right) => access.can(right)) && (
        <BrandKitReader organizationId={organizationId} onRead={setBranding} />
      )}
      <PageBuilderPage {...props} branding={branding} />
    </>
  );
}

/**
 * What a series' registration page asks on the attendee site (registration-pages.ts): the boxes
 * of its events not yet ended (blueprints left out), by start, then the form of the first.
 */
function seriesRegistration(events: StudioEvent[], now: number): PreviewRegistration {
  const upcoming = events
    .filter((event) => !event.is_blueprint && Date.parse(event.end_time) > now)
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  return {
    formId: upcoming[0]?.registration_form_data?.id ?? null,
    events: upcoming.map((event) => ({
      id: event.id,
      title: event.title,
      start_time: new Date(event.start_time),
      end_time: new Date(event.end_time),
      timezone: event.timezone,
    })),
  };
}

/** /events/$eventId/registration-new/page/page-builder */
export const EventRegistrationPageBuilderRoute = () => (
  <OwnBrandedPageBuilder ownerType="event" ownerId={useRouteParam('eventId')} kind="registration" />
);
/** /webinar/$eventId/on-demand-page-builder */
export const EventOnDemandPageBuilderRoute = () => (
  <OwnBrandedPageBuilder ownerType="event" ownerId={useRouteParam('eventId')} kind="on_demand" />
);
/** /series/$seriesId/… and /repeating-event/$seriesId/registration/page/page-builder */
export function SeriesRegistrationPageBuilderRoute() {
  const seriesId = useRouteParam('seriesId');
  const { organizationId } = useSignedInOrganization();
  const registration = useQuery({
    ...seriesEventsQuery(organizationId, seriesId),
    select: (page) => seriesRegistration(page.results, Date.now()),
  }).data;
  return (
    <BrandKitPageBuilder
      ownerType="series"
      ownerId={seriesId}
      kind="registration"
      registration={registration}
    />
  );
}
/**
 * Where a repeating event's on-demand page is seen (pages.service.ts `repeatingEventPage`): its
 * occurrences' on-demand pages, with its next occurrence's address once the series is read.
 */
function RepeatingOnDemandWhere({ seriesId }: { seriesId: string }) {
  const next = useSeries(seriesId).data?.programme_event ?? null;
  const links = useQuery({ ...eventLinksQuery(next ?? ''), enabled: next !== null });
  return (
    // The body may shrink below the address's length, so the address truncates on a phone.
    <Alert color="blue" variant="light" styles={{ body: { minWidth: 0 } }}>
      <Stack gap="xs">
        <Text size="sm">{repeatingEventOnDemandNote}</Text>
        {links.data && (
          <LinkRow
            label={`Next occurrence’s ${publicLinkMessages.onDemand.toLowerCase()}`}
            url={links.data.on_demand}
          />
        )}
      </Stack>
    </Alert>
  );
}
/** /repeating-event/$seriesId/on-demand-page-builder: the page its occurrences show. */
export function SeriesOnDemandPageBuilderRoute() {
  const seriesId = useRouteParam('seriesId');
  return (
    <Stack>
      <RepeatingOnDemandWhere seriesId={seriesId} />
      <BrandKitPageBuilder ownerType="series" ownerId={seriesId} kind="on_demand" />
    </Stack>
  );
}
/**
 * /templates/$templateId/registration/page-builder: the template's page is copied to the events
 * made from it, which ask its chosen form and wear its branding (create-event.ts).
 */
export function TemplateRegistrationPageBuilderRoute() {
  const templateId = useRouteParam('templateId');
  const template = useQuery(templateQuery(templateId)).data;
  const formId = template?.registration_form_data?.id ?? null;
  const registration = useMemo(() => (template ? { formId } : undefined), [template, formId]);
  return (
    <OwnBrandedPageBuilder
      ownerType="template"
      ownerId={templateId}
      kind="registration"
      registration={registration}
    />
  );
}
/** /templates/$templateId/on-demand-page-builder */
export const TemplateOnDemandPageBuilderRoute = () => (
  <OwnBrandedPageBuilder ownerType="template" ownerId={useRouteParam('templateId')} kind="on_demand" />
);
/**
 * /pages/$pageId/hub-page-builder: a hub page is one page, its landing page. Outside a workspace,
 * the page names itself as a workspace's header names an event's builder.
 */
export function HubPageBuilderRoute() {
  const pageId = useRouteParam('pageId');
  const hubPage = useHubPage(pageId);
  if (isNotFound(hubPage.error)) return <HubPageNotFound />;
  return (
    <>
      <PageHeader
        title={hubPage.data?.name ?? 'Hub Page Builder'}
        description="Lay out the hub page: its banner, description and the events it lists."
      />
      <BrandKitPageBuilder ownerType="hub_page" ownerId={pageId} kind="landing" />
    </>
  );
}
