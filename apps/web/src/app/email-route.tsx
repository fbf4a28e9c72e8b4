import type { EmailTemplateContext } from '@studio/domain';
import { EmailSchedulePage } from '../features/email/email-schedule-page.tsx';
import { EmailTemplatesPage } from '../features/email/email-templates-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** Whose emails a page shows, from its path parameter; images go under the event, else the organisation. */
function useOwner(context: EmailTemplateContext, param: string) {
  const id = useRouteParam(param);
  return { owner: { context, id }, uploadScope: context === 'event' ? `events/${id}` : 'organization' };
}

/** /events/$eventId/email/templates and /webinar/$eventId/email/templates */
export function EventEmailTemplatesRoute() {
  const { owner, uploadScope } = useOwner('event', 'eventId');
  return <EmailTemplatesPage key={owner.id} owner={owner} uploadScope={uploadScope} />;
}
/** /recording-event/$eventId/email/templates: a recording's emails have no schedule to choose them in. */
export function RecordingEmailTemplatesRoute() {
  const { owner, uploadScope } = useOwner('event', 'eventId');
  return <EmailTemplatesPage key={owner.id} owner={owner} uploadScope={uploadScope} scheduled={false} />;
}
/** /templates/$templateId/email/templates */
export function TemplateEmailTemplatesRoute() {
  const { owner, uploadScope } = useOwner('event_template', 'templateId');
  return <EmailTemplatesPage key={owner.id} owner={owner} uploadScope={uploadScope} />;
}
/** /series/$seriesId/email/templates and /repeating-event/$seriesId/email/templates */
export function SeriesEmailTemplatesRoute() {
  const { owner, uploadScope } = useOwner('series', 'seriesId');
  return <EmailTemplatesPage key={owner.id} owner={owner} uploadScope={uploadScope} />;
}

/** /events/$eventId/email/schedule and /webinar/$eventId/email/schedule */
export function EventEmailScheduleRoute() {
  const { owner } = useOwner('event', 'eventId');
  return <EmailSchedulePage key={owner.id} owner={owner} />;
}
/** /templates/$templateId/email/schedule */
export function TemplateEmailScheduleRoute() {
  const { owner } = useOwner('event_template', 'templateId');
  return <EmailSchedulePage key={owner.id} owner={owner} />;
}
/** /series/$seriesId/email/schedule and /repeating-event/$seriesId/email/schedule */
export function SeriesEmailScheduleRoute() {
  const { owner } = useOwner('series', 'seriesId');
  return <EmailSchedulePage key={owner.id} owner={owner} />;
}
