import { z } from 'zod';
import { listAddressFields } from '../lists/index.ts';
import { eventUserStatusSchema, SERIES_REGISTRANT_ORDERINGS } from './api.ts';

const { text, choice, page, textList } = listAddressFields;

/** Statuses given repeated or comma-separated; unknown ones are dropped. */
const statusList = textList.transform((values) =>
  values.flatMap((value) => {
    const status = eventUserStatusSchema.safeParse(value);
    return status.success ? [status.data] : [];
  }),
);

/** …/registrants: search, statuses and page in the address (20 a page, 001 §9). */
export const registrantListAddressSchema = z.object({
  search: text,
  status: statusList,
  page,
});
export type RegistrantListAddress = z.infer<typeof registrantListAddressSchema>;

/** 002 §7.10: the full name column sorts as `first_name`, the default. */
export const DEFAULT_SERIES_REGISTRANT_ORDERING = 'first_name';

/** /series/{id}/registration/registrants: search, sort, companies, events and page (25 a page). */
export const seriesRegistrantListAddressSchema = z.object({
  search: text,
  sort: choice(SERIES_REGISTRANT_ORDERINGS, DEFAULT_SERIES_REGISTRANT_ORDERING),
  company: textList,
  events: textList,
  page,
});
export type SeriesRegistrantListAddress = z.infer<typeof seriesRegistrantListAddressSchema>;
