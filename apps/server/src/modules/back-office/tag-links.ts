import { expressionBuilder, sql, type Kysely, type OperandExpression, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { isUuid } from '../../platform/db/uuid.ts';

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

/**
 * Whether the event or series `taggedRef` names (`events.id`, `series.id`) has any of `tags`: tag
 * ids, or tag names in any case; with `organizationId`, only that organisation's tags count.
 */
export function taggedWithAny(
  table: keyof typeof TAGGED_BY,
  taggedRef: 'events.id' | 'series.id',
  tags: readonly string[],
  organizationId?: string,
): OperandExpression<SqlBool> {
  const ids = tags.filter(isUuid);
  const names = tags.map((tag) => tag.toLowerCase());
  // Either table seen through its two columns, as above; `taggedRef` is the outer query's row.
  const eb = expressionBuilder<Record<string, Record<string, string>>, string>();
  let links = eb
    .selectFrom(table)
    .innerJoin('tags', 'tags.id', `${table}.tag_id`)
    .whereRef(`${table}.${TAGGED_BY[table]}`, '=', taggedRef);
  if (organizationId !== undefined) links = links.where('tags.organization_id', '=', organizationId);
  return eb.exists(
    links
      .where((inner) =>
        inner.or([
          ...(ids.length > 0 ? [inner('tags.id', 'in', ids)] : []),
          inner(sql`lower(tags.tag_name)`, 'in', names),
        ]),
      )
      .select(sql.lit(1).as('one')),
  );
}
