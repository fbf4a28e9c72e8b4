import {
  invalidMappingCodes,
  crmMessages,
  FIELD_MAPPING_ERROR_CODES,
  type FieldMappingEntityType,
  type FieldMappingEntry,
  type FieldMappingErrorCode,
} from '@studio/domain';
import { ApiRequestError } from '../../api/api-error.ts';

/** A row of the mapping screen: its entry, and a key that stays while the row is edited. */
export interface MappingRow {
  key: number;
  entry: FieldMappingEntry;
}

export interface RowError {
  code: FieldMappingErrorCode;
  message: string;
}

const sameEntry = (a: FieldMappingEntry, b: FieldMappingEntry) =>
  a.source_field_id === b.source_field_id &&
  a.crm_field_id === b.crm_field_id &&
  a.crm_field_update_policy === b.crm_field_update_policy;

/** Spec 001 §4: unsaved changes exist when the lengths differ or any row differs from the saved list. */
export const hasUnsavedChanges = (current: readonly MappingRow[], saved: readonly FieldMappingEntry[]) =>
  current.length !== saved.length || current.some((row, index) => !sameEntry(row.entry, saved[index]!));

/** The rows that cannot be saved as they are: no CRM field, or no registration field. */
export function localRowErrors(
  rows: readonly MappingRow[],
  entityType: FieldMappingEntityType,
): (RowError | null)[] {
  const invalid = invalidMappingCodes(entityType);
  const sourceCode = invalid.find((code) => code !== 'MISSING_TARGET_FIELD')!;
  return rows.map(({ entry }) => {
    if (!entry.crm_field_id) return { code: 'MISSING_TARGET_FIELD', message: crmMessages.missingTarget };
    if (!entry.source_field_id) return { code: sourceCode, message: crmMessages.missingSource };
    return null;
  });
}

/**
 * A bulk save's refusal as one error per row (the server answers `field_mappings.<row>`: [code,
 * message]); FIELDS_MAPPED_TO_SAME_CRM_FIELD and INVALID_UPDATE_POLICY show the server's message.
 */
export function serverRowErrors(error: unknown, rowCount: number): (RowError | null)[] | null {
  if (!(error instanceof ApiRequestError)) return null;
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors) return null;
  const rows = Array.from({ length: rowCount }, (_, index): RowError | null => {
    const [code, message] = errors[`field_mappings.${index}`] ?? [];
    return code && (FIELD_MAPPING_ERROR_CODES as readonly string[]).includes(code)
      ? { code: code as FieldMappingErrorCode, message: message ?? code }
      : null;
  });
  return rows.some(Boolean) ? rows : null;
}
