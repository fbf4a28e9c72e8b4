import { engagementFeatures, type OrganizationDetail, type StudioEvent } from '@studio/domain';
import { useBrandingSubject } from '../features/branding/branding-api.ts';
import { EngagementPage } from '../features/engagement/engagement-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { EventWithOrganization } from './event-with-organization.tsx';

/** The backstage with what the event's branding and its organisation's flags offer (engagementFeatures). */
function Backstage({ event, organization }: { event: StudioEvent; organization: OrganizationDetail }) {
  const branding = useBrandingSubject({ kind: 'event', id: event.id }).data?.branding;
  const { useChatVisibility, useNewChatApp, assignQnaToSpeaker } = organization.feature_flags;
  const features =
    branding && engagementFeatures(branding.event, { useChatVisibility, useNewChatApp, assignQnaToSpeaker });
  return <EngagementPage event={event} assignOffered={features?.assignQuestionsToSpeakers ?? false} />;
}

/** /events/$eventId/engagement: the event's backstage (chat, Q&A and polls queues). */
export function EngagementRoute() {
  return (
    <EventWithOrganization eventId={useRouteParam('eventId')} loading="Loading the backstage">
      {(event, organization) => <Backstage event={event} organization={organization} />}
    </EventWithOrganization>
  );
}
