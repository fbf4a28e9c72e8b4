/**
 * Where the general upload serves a stored file (`files/{organisation}/…`): a path with no host,
 * `/api/files/{organisation}/…`, served by the studio and by the attendee site alike. Fields that
 * hold an upload store this path, so a change of host or port leaves every picture in place; an
 * address other sites need in full (a social card) is built from the current origin when used.
 */
const FILE_CONTENT_PATH =
  /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9._/-]{1,1000}(?:\?w=\d{1,5})?$/;

/** The content path of a stored file's key. */
export const fileContentPath = (key: string): string => `/api/${key}`;

/** A stored file's content path (not any path: no `..`, no other area of the API). */
export const isFileContentPath = (value: string): boolean =>
  FILE_CONTENT_PATH.test(value) && !value.split('/').includes('..');

/** The full address of a stored file's content path on `origin`; any other value as it is. */
export const absoluteFileUrl = (value: string, origin: string): string =>
  isFileContentPath(value) ? `${origin.replace(/\/$/, '')}${value}` : value;
