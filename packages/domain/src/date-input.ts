/*
 * The studio's date and time inputs (spec 002 §5.2): their errors, the dates in them shown
 * DD/MM/YYYY. The values are the inputs' own (YYYY-MM-DD, 24 h HH:MM).
 */

export const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_VALUE = /^\d{2}:\d{2}$/;

/** A YYYY-MM-DD value naming a real day (engines roll 30 February over into March). */
function isDay(value: string) {
  const day = new Date(`${value}T00:00:00Z`);
  return DATE_VALUE.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A YYYY-MM-DD value as the date input's messages show it. */
export const shownDate = (value: string) => value.split('-').reverse().join('/');

export const dateInputMessages = {
  invalidDate: 'Please enter a valid date',
  dateOrEarlier: (max: string) => `Value must be ${shownDate(max)} or earlier`,
  dateOrLater: (min: string) => `Value must be ${shownDate(min)} or later`,
  timeAfter: (min: string) => `Value must be after ${min}`,
  timeBefore: (max: string) => `Value must be before ${max}`,
};

/** A date input's error: empty or not a date, after its `max` or before its `min`; null when fine. */
export function dateInputError(value: string, bounds: { min?: string; max?: string } = {}): string | null {
  if (!isDay(value)) return dateInputMessages.invalidDate;
  if (bounds.max && value > bounds.max) return dateInputMessages.dateOrEarlier(bounds.max);
  if (bounds.min && value < bounds.min) return dateInputMessages.dateOrLater(bounds.min);
  return null;
}

/** A time input's error against its `min` (exclusive, as an end after a start) and `max`; null when fine. */
export function timeInputError(
  value: string,
  bounds: { after?: string; before?: string } = {},
): string | null {
  if (bounds.after && value <= bounds.after) return dateInputMessages.timeAfter(bounds.after);
  if (bounds.before && value >= bounds.before) return dateInputMessages.timeBefore(bounds.before);
  return null;
}
