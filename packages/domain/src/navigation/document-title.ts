export const DEFAULT_TITLE_SUFFIX = 'Event Studio';

/**
 * Spec 002 §2: '{page} - {suffix} | Studio'. The suffix is the organisation's name once it is
 * loaded, else the product's name; a development build adds [DEV].
 */
export function documentTitle(page: string, organizationName: string | null, devBuild: boolean): string {
  const title = `${page} - ${organizationName || DEFAULT_TITLE_SUFFIX} | Studio`;
  return devBuild ? `${title} [DEV]` : title;
}
