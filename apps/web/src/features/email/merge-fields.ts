import { type MergeField } from '@studio/domain';

/** What the preview shows in place of each merge field; each recipient gets their own. */
const mergeFieldSamples: Record<MergeField, string> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  event_title: 'Product Summit',
  event_time: 'Dec 1, 2026, 10:00 AM CET',
  event_start: 'Dec 1, 2026, 10:00 AM CET',
  event_end: 'Dec 1, 2026, 12:00 PM CET',
  event_timezone: 'Europe/Paris',
  event_location: 'Main Hall, 1 Market Street, Springfield',
  magic_link: 'https://example.com/your-entrance-link',
  // A stand-in QR code (the real one is the attendee's, attached at send time).
  checkin_qrcode:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">' +
        '<path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 4h1v3H6zM4 6h1v1H4z" fill="#000"/></svg>',
    ),
  organization_name: 'Acme',
  unsubscribe_link: 'https://example.com/unsubscribe',
  cancel_link: 'https://example.com/cancel-registration',
};

const hasSample = (field: string): field is MergeField => Object.hasOwn(mergeFieldSamples, field);

/**
 * The compiled HTML as a reader would see it: every `{% if field %}…{% else %}…{% endif %}` as a
 * reader with every sample would (each has one), every merge field replaced by its sample.
 */
export function withSampleValues(html: string): string {
  return html
    .replace(
      /\{%-?\s*if\s+([a-z_]+)\s*-?%\}([\s\S]*?)(?:\{%-?\s*else\s*-?%\}([\s\S]*?))?\{%-?\s*endif\s*-?%\}/g,
      (_block, field: string, shown: string, otherwise: string | undefined) =>
        hasSample(field) ? shown : (otherwise ?? ''),
    )
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (tag, field: string) =>
      hasSample(field) ? mergeFieldSamples[field] : tag,
    );
}
