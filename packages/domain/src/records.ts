/**
 * A record's keys, typed as its keys: the one place that says `Object.keys` gives back only the
 * record's own keys (true of the domain's literal catalogues, which nothing extends).
 */
export const recordKeys = <T extends object>(record: T): (keyof T & string)[] =>
  Object.keys(record) as (keyof T & string)[];
