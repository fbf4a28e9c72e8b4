/**
 * A record's keys, typed as its keys: the one place that says `Object.keys` gives back only the
 * record's own keys (true of the domain's literal catalogues, which nothing extends).
 */
export const recordKeys = <T extends object>(record: T): (keyof T & string)[] =>
  Object.keys(record) as (keyof T & string)[];

/**
 * A catalogue's keys as the read-only list of its values (at least one, so `[0]` is one of them and
 * z.enum takes it), in the order the catalogue spells them (none of its keys is a whole number,
 * which `Object.keys` would put first). For values that each carry a label (or description): the
 * catalogue names every value once, with its label, and the list follows from it.
 */
export const catalogueKeys = <K extends string>(catalogue: Record<K, unknown>): readonly [K, ...K[]] =>
  recordKeys(catalogue) as [K, ...K[]];
