import { repeatingBrandingNote } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/identity.ts';
import { LookAndFeelPage } from '../features/branding/look-and-feel-page.tsx';
import type { BrandingSlots } from '../features/branding/branding-modules.tsx';
import { EventTrackingSnippet } from '../features/code-areas/tracking-pixels-page.tsx';
import { LibraryVideoField } from '../features/video-library/library-video-field.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { NextOccurrence } from './repeating-programme.tsx';
import { Loading } from '../ui/list-states.tsx';
import { AccessGate } from '../ui/no-access.tsx';
import { BRAND_KIT_READERS } from './shell-menu.ts';

/** What Look and Feel takes from other features (app/ composes them). */
const slots: BrandingSlots = { VideoField: LibraryVideoField, TrackingSnippet: EventTrackingSnippet };

/** /events/…, /webinar/… and /templates/$templateId/look-and-feel */
export function LookAndFeelRoute() {
  const eventId = useRouteParam('eventId');
  const templateId = useRouteParam('templateId');
  const target = eventId
    ? { kind: 'event' as const, id: eventId }
    : { kind: 'template' as const, id: templateId };
  return (
    <AccessGate anyOf={['branding:update']} what="Look and Feel">
      <LookAndFeelPage key={target.id} target={target} slots={slots} />
    </AccessGate>
  );
}

/**
 * /repeating-event/$seriesId/look-and-feel: the branding of the occurrence that holds the
 * repeating event's programme (its first not started), copied to the later ones after each change.
 */
export function RepeatingLookAndFeelRoute() {
  return (
    <AccessGate anyOf={['branding:update']} what="Look and Feel">
      <NextOccurrence
        loadingLabel="Loading branding"
        emptyMessage="Every occurrence of this repeating event has started. Extend its schedule to brand the next ones."
        note={repeatingBrandingNote}
      >
        {(eventId) => <LookAndFeelPage key={eventId} target={{ kind: 'event', id: eventId }} slots={slots} />}
      </NextOccurrence>
    </AccessGate>
  );
}

/**
 * /brand-kit: the organisation's default branding, edited as an event's is (issue 18 §7); read by
 * those who edit branding or create events, as its server route is.
 */
export function BrandKitRoute() {
  const { data: user } = useQuery(currentUserQuery);
  if (!user?.organization) return <Loading label="Loading branding" />;
  return (
    <AccessGate anyOf={BRAND_KIT_READERS} what="the Brand Kit">
      <LookAndFeelPage target={{ kind: 'brandKit', id: user.organization }} slots={slots} />
    </AccessGate>
  );
}
