import {
  eventMergeValues,
  escapeHtml,
  fillMergeFields,
  type MergeEvent,
  type MergeField,
  type MergeValues,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { eventQuery } from '../../api/studio-event.ts';
import type { EmailOwner } from './email-api.ts';

/** What the preview fills the merge fields with, and the line saying whose values they are. */
export interface PreviewValues {
  values: MergeValues;
  note: string;
}

/** What is each recipient's own: the preview shows a made-up reader, with stand-in links. */
const recipientSamples = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  magic_link: 'https://example.com/your-entrance-link',
  // A stand-in QR code (the real one is the attendee's, attached at send time).
  checkin_qrcode:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">' +
        '<path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 4h1v3H6zM4 6h1v1H4z" fill="#000"/></svg>',
    ),
  unsubscribe_link: 'https://example.com/unsubscribe',
  cancel_link: 'https://example.com/cancel-registration',
  sessions: '- Opening keynote: 9:00 – 9:30 AM\n- Closing panel: 4:00 – 5:00 PM',
} satisfies Partial<MergeValues>;

/** The event of a template that has none of its own (an event template's, a series'). */
const sampleEvent: MergeEvent = {
  title: 'Product Summit',
  start_time: new Date('2026-12-01T09:00:00Z'),
  end_time: new Date('2026-12-01T11:00:00Z'),
  timezone: 'Europe/Paris',
  location: 'Main Hall, 1 Market Street, Springfield',
};

/**
 * The preview's values: the event's own (as a message of it says them; null: the template has no
 * event of its own, a sample event's), the organisation's name, a sample reader's name and links.
 */
export function previewValuesOf(event: MergeEvent | null, organizationName: string | null): PreviewValues {
  return {
    values: {
      ...recipientSamples,
      ...eventMergeValues(event ?? sampleEvent),
      organization_name: organizationName,
    },
    note: event
      ? "Event details are this event's; the name and links are samples (each recipient gets their own)."
      : 'Merge fields show sample values; each recipient gets their own.',
  };
}

/** The preview's values of an owner's templates; undefined while an event's facts load. */
export function usePreviewValues(owner: EmailOwner): PreviewValues | undefined {
  const ownEvent = owner.context === 'event';
  const event = useQuery({ ...eventQuery(owner.id), enabled: ownEvent });
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const organization = useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) });
  if (ownEvent && event.isPending) return undefined;
  const facts = ownEvent && event.data;
  return previewValuesOf(
    facts ? { ...facts, start_time: new Date(facts.start_time), end_time: new Date(facts.end_time) } : null,
    organization.data?.name ?? null,
  );
}

/**
 * The compiled HTML as a reader would see it: every `{% if field %}…{% else %}…{% endif %}` as
 * the values decide, every merge field replaced by its value, HTML-escaped as a message's are.
 */
export function withMergeValues(html: string, values: MergeValues): string {
  const known = (field: string): field is MergeField => Object.hasOwn(values, field);
  const decided = html.replace(
    /\{%-?\s*if\s+([a-z_]+)\s*-?%\}([\s\S]*?)(?:\{%-?\s*else\s*-?%\}([\s\S]*?))?\{%-?\s*endif\s*-?%\}/g,
    (_block, field: string, shown: string, otherwise: string | undefined) =>
      known(field) && values[field] ? shown : (otherwise ?? ''),
  );
  return fillMergeFields(decided, values, escapeHtml);
}
