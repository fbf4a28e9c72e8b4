import type { Executor } from '../../platform/db/executor.ts';
import type { StoredBranding } from './branding.service.ts';

/** The only code that touches `brand_kits`. */
export function createBrandKitsRepository(db: Executor) {
  return {
    find: (organizationId: string, tx: Executor = db) =>
      tx
        .selectFrom('brand_kits')
        .select(['branding', 'theme_obj', 'updated_at'])
        .where('organization_id', '=', organizationId)
        .executeTakeFirst(),

    save: (organizationId: string, kit: StoredBranding, userId: string) =>
      db
        .insertInto('brand_kits')
        .values({
          organization_id: organizationId,
          branding: JSON.stringify(kit.branding),
          theme_obj: JSON.stringify(kit.theme_obj),
          updated_by: userId,
        })
        .onConflict((conflict) =>
          conflict.column('organization_id').doUpdateSet({
            branding: JSON.stringify(kit.branding),
            theme_obj: JSON.stringify(kit.theme_obj),
            updated_by: userId,
            updated_at: new Date(),
          }),
        )
        .returning(['branding', 'theme_obj', 'updated_at'])
        .executeTakeFirstOrThrow(),
  };
}
export type BrandKitsRepository = ReturnType<typeof createBrandKitsRepository>;
