import type { Reorder } from './api.ts';

/** A reorder names each of the objects exactly once (no unknown, missing or repeated pk). */
export function isCompleteReorder(objectIds: readonly string[], list: Reorder['object_list']): boolean {
  const named = new Set(list.map((entry) => entry.pk));
  return (
    named.size === list.length && named.size === objectIds.length && objectIds.every((id) => named.has(id))
  );
}
