import type { Kysely, Updateable } from 'kysely';
import type { Executor } from './executor.ts';
import type { Database } from './schema.ts';

/** The tables whose rows are each one organisation's (`organization_id`) and named by `id`. */
export type OrganizationTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; organization_id: unknown } ? T : never;
}[keyof Database];

/** Any organisation table seen through the two columns they share (the statements below need no more). */
const scoped = (tx: Executor) =>
  tx as unknown as Kysely<Record<OrganizationTable, { id: string; organization_id: string }>>;

/** Changes the organisation's row with this id; false when it has none (another organisation's is none). */
export async function updateOrganizationRow<T extends OrganizationTable>(
  tx: Executor,
  table: T,
  organizationId: string,
  id: string,
  values: Updateable<Database[T]>,
): Promise<boolean> {
  const anyTable: OrganizationTable = table; // one table type for the builder (T makes `set` a union)
  const result = await scoped(tx)
    .updateTable(anyTable)
    .set(values as never)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Deletes the organisation's row with this id; false when it has none (another organisation's is none). */
export async function deleteOrganizationRow(
  tx: Executor,
  table: OrganizationTable,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const result = await scoped(tx)
    .deleteFrom(table)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
