import { isFileContentPath } from '../files/file-urls.ts';

/**
 * Spec 002 §5.5: http or https, a host name or an IP address, an optional port, path, query and
 * fragment. The same check answers 'Please enter a valid URL' for call-to-action links (§5.3).
 */
const HTTP_URL =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:\/[^\s?#"'<>\\]*)?(?:\?[^\s#"'<>\\]*)?(?:#[^\s"'<>\\]*)?$/i;

export const isHttpUrl = (value: string): boolean => value.length <= 2048 && HTTP_URL.test(value);

/** An image or file: an http(s) URL, or the content path of an uploaded file (stored without host). */
export const isImageAddress = (value: string): boolean => isHttpUrl(value) || isFileContentPath(value);

/** The longest URL stored in a branding field (an image, a font, a link). */
export const BRANDING_URL_MAX_LENGTH = 2048;
