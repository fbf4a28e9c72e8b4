/** The merge fields a template may use, each with what the preview shows in its place. */
export const mergeFieldSamples = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  event_title: 'Product Summit',
  event_start: 'Dec 1, 2026, 10:00 AM CET',
  event_end: 'Dec 1, 2026, 12:00 PM CET',
  event_location: 'Main Hall, 1 Market Street, Springfield',
  magic_link: 'https://example.com/your-entrance-link',
  checkin_qrcode: '',
  organization_name: 'Acme',
  unsubscribe_link: 'https://example.com/unsubscribe',
} as const;
export type MergeField = keyof typeof mergeFieldSamples;
export const mergeFields = Object.keys(mergeFieldSamples) as MergeField[];

/** How a template writes a merge field (a Liquid output tag the server fills at send time). */
export const mergeTag = (field: MergeField) => `{{ ${field} }}`;

/** A stand-in QR code for the preview (the real one is the attendee's, made at send time). */
const SAMPLE_QR_CODE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges">' +
      '<path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 4h1v3H6zM4 6h1v1H4z" fill="#000"/></svg>',
  );

/** The compiled HTML as a reader would see it: every merge field replaced by its sample. */
export function withSampleValues(html: string): string {
  return html.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (tag, field: string) => {
    if (field === 'checkin_qrcode') return SAMPLE_QR_CODE;
    return field in mergeFieldSamples ? mergeFieldSamples[field as MergeField] : tag;
  });
}
