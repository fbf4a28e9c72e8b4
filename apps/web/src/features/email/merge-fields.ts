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
  // A stand-in QR code (the real one is the attendee's, attached at send time): a real code of
  // 'SAMPLE CHECK-IN CODE', so the preview shows what a reader will see.
  checkin_qrcode:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges">' +
        '<path fill="#fff" d="M0 0h21v21H0z"/><path stroke="#000" d="' +
        'M0 0.5h7m1 0h2m2 0h1m1 0h7M0 1.5h1m5 0h1m2 0h1m2 0h1m1 0h1m5 0h1' +
        'M0 2.5h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h3m1 0h1' +
        'M0 3.5h1m1 0h3m1 0h1m1 0h1m2 0h1m2 0h1m1 0h3m1 0h1' +
        'M0 4.5h1m1 0h3m1 0h1m1 0h4m2 0h1m1 0h3m1 0h1M0 5.5h1m5 0h1m7 0h1m5 0h1' +
        'M0 6.5h7m1 0h1m1 0h1m1 0h1m1 0h7M9 7.5h4M0 8.5h4m2 0h1m1 0h1m1 0h4m2 0h3m1 0h1' +
        'M1 9.5h2m5 0h3m2 0h1m1 0h1m1 0h2m1 0h1M0 10.5h4m1 0h5m1 0h2m2 0h1m2 0h3' +
        'M3 11.5h3m2 0h2m3 0h1m1 0h1m1 0h2m1 0h1M0 12.5h1m1 0h1m3 0h3m2 0h3m1 0h2m2 0h2' +
        'M8 13.5h1m1 0h2m1 0h1m4 0h1m1 0h1M0 14.5h7m4 0h1m4 0h1m1 0h1' +
        'M0 15.5h1m5 0h1m4 0h1m4 0h2m2 0h1M0 16.5h1m1 0h3m1 0h1m2 0h3m1 0h2m2 0h2' +
        'M0 17.5h1m1 0h3m1 0h1m1 0h2m2 0h1m1 0h1m1 0h4' +
        'M0 18.5h1m1 0h3m1 0h1m1 0h1m5 0h2m1 0h1' +
        'M0 19.5h1m5 0h1m1 0h1m1 0h1m1 0h1m1 0h3m1 0h1M0 20.5h7m1 0h1m2 0h1m4 0h4' +
        '"/></svg>',
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
