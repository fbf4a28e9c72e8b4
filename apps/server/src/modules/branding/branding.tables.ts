import type { ColumnType, Generated } from 'kysely';

/** jsonb: read as a value, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** An organisation's brand kit (migration 0030): the branding new events and templates start from. */
export interface BrandKitTable {
  organization_id: string;
  branding: Json<Record<string, unknown>>;
  theme_obj: Json<Record<string, unknown>>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface BrandingTables {
  brand_kits: BrandKitTable;
}
