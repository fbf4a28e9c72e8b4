import type { z } from 'zod';
import type { workspaceRefSchema } from '@studio/domain';

/**
 * The workspace an event, series, template or hub page is filed in, as its answer names it: none
 * when it is filed in none, or when the workspace row is gone (its name read as null).
 */
export function workspaceRefOf(record: {
  workspace_id: string | null;
  workspace_name: string | null;
}): z.output<typeof workspaceRefSchema> | null {
  return record.workspace_id && record.workspace_name !== null
    ? { id: record.workspace_id, name: record.workspace_name }
    : null;
}
