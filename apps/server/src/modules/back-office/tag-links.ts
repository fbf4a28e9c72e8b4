import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';

/** The tables that tag events and series, each with the column naming what a row tags. */
const TAGGED_BY = { event_tags: 'event_id', series_tags: 'series_id' } as const;

/**
 * Makes the tags of an event or a series exactly `tagIds` (already checked to be the organisation's):
 * its other tags are removed, the missing ones added.
 */
export async function replaceTags(
  tx: Executor,
  table: keyof typeof TAGGED_BY,
  taggedId: string,
  tagIds: readonly string[],
): Promise<void> {
  const tagged = TAGGED_BY[table];
  // Either table seen through its two columns: one table type for the builder.
  const links = tx as unknown as Kysely<Record<string, Record<string, string>>>;
  let removal = links.deleteFrom(table).where(tagged, '=', taggedId);
  if (tagIds.length > 0) removal = removal.where('tag_id', 'not in', tagIds);
  await removal.execute();
  if (tagIds.length > 0) {
    await links
      .insertInto(table)
      .values(tagIds.map((tagId) => ({ [tagged]: taggedId, tag_id: tagId })))
      .onConflict((oc) => oc.columns([tagged, 'tag_id']).doNothing())
      .execute();
  }
}
