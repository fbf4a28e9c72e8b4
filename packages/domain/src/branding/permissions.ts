import { EVENT_BRANDING_FIELDS } from './fields.ts';

/**
 * The fields of an event or template PATCH that are branding (002 §3.1, §7.2), not the event's
 * own: every event-level branding field, the buffer video, the filler slide and `theme_obj`.
 */
export const BRANDING_FIELDS = [
  ...EVENT_BRANDING_FIELDS,
  'stage_roll_video_asset',
  'filler_slide',
  'theme_obj',
] as const;

export const isBrandingField = (field: string): boolean =>
  (BRANDING_FIELDS as readonly string[]).includes(field);

/** The fields a PATCH gives that are not branding: what a Brand Editor's PATCH is refused on. */
export const nonBrandingFields = (request: Readonly<Record<string, unknown>>): string[] =>
  Object.keys(request).filter((field) => request[field] !== undefined && !isBrandingField(field));

/**
 * The permissions a PATCH of an event or template needs: `branding:update` for branding fields
 * (a Brand Editor may change them without `event:update`), `event:update` for everything else.
 */
export function patchPermissions(
  request: Readonly<Record<string, unknown>>,
): ('event:update' | 'branding:update')[] {
  const given = Object.keys(request).filter((field) => request[field] !== undefined);
  const others = nonBrandingFields(request);
  const needed: ('event:update' | 'branding:update')[] = [];
  if (others.length > 0 || given.length === 0) needed.push('event:update');
  if (others.length < given.length) needed.push('branding:update');
  return needed;
}
