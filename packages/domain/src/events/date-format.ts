const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale, options and zone, made once: an `Intl.DateTimeFormat` costs far more to
 * build than to use (pages render dates per block, per request).
 */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timezone: string,
): Intl.DateTimeFormat {
  const key = `${locale}|${timezone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone });
    dateFormats.set(key, format);
  }
  return format;
}
