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

    /**
     * Saves what `next` makes of the kit as stored (undefined: none yet), its row locked meanwhile
     * (made first when missing): concurrent saves apply one after the other, none lost. An error
     * thrown by `next` saves nothing.
     */
    saveFrom: (
      organizationId: string,
      userId: string,
      next: (stored: StoredBranding | undefined) => StoredBranding,
    ) =>
      db.transaction().execute(async (tx) => {
        const made = await tx
          .insertInto('brand_kits')
          .values({ organization_id: organizationId, branding: '{}', theme_obj: '{}', updated_by: userId })
          .onConflict((conflict) => conflict.column('organization_id').doNothing())
          .returning('organization_id')
          .executeTakeFirst();
        const stored = await tx
          .selectFrom('brand_kits')
          .select(['branding', 'theme_obj'])
          .where('organization_id', '=', organizationId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const kit = next(made ? undefined : stored);
        return tx
          .updateTable('brand_kits')
          .set({
            branding: JSON.stringify(kit.branding),
            theme_obj: JSON.stringify(kit.theme_obj),
            updated_by: userId,
            updated_at: new Date(),
          })
          .where('organization_id', '=', organizationId)
          .returning(['branding', 'theme_obj', 'updated_at'])
          .executeTakeFirstOrThrow();
      }),
  };
}
export type BrandKitsRepository = ReturnType<typeof createBrandKitsRepository>;
