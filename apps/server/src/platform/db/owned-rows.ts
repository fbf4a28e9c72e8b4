import { sql } from 'kysely';
import type { Executor } from './executor.ts';
import { orOnUniqueViolation } from './unique-violation.ts';
import type { Database } from './schema.ts';

/** The tables whose rows an organisation owns by `organization_id`, each row named by its `id`. */
export type OwnedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; organization_id: unknown } ? T : never;
}[keyof Database];

/** Deletes the organisation's row `id` of `table`: whether there was one (another organisation's is left). */
export async function deleteOwned(
  tx: Executor,
  table: OwnedTable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await sql`delete from ${sql.table(table)}
    where organization_id = ${organizationId} and id = ${id}`.execute(tx);
  return result.numAffectedRows === 1n;
}

/**
 * Renames the organisation's row `id` of `table` (its `column`, and `updated_at`): `missing` when
 * the organisation has no such row, `taken` when the name breaks the table's unique key.
 */
export function renameOwned(
  tx: Executor,
  table: OwnedTable,
  column: string,
  organizationId: string,
  id: string,
  name: string,
): Promise<'renamed' | 'missing' | 'taken'> {
  const renamed = sql`update ${sql.table(table)} set ${sql.ref(column)} = ${name}, updated_at = ${new Date()}
    where organization_id = ${organizationId} and id = ${id}`
    .execute(tx)
    .then(({ numAffectedRows }) => (numAffectedRows === 1n ? ('renamed' as const) : ('missing' as const)));
  return orOnUniqueViolation(renamed, 'taken');
}
