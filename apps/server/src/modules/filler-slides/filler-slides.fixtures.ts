import type { TestStudio } from '../../../test/harness.ts';

/** A slide as the database holds it, for states a test cannot wait for (e.g. still processing). */
export async function storedFillerSlide(
  studio: TestStudio,
  organizationId: string,
  state: 'PROCESSING' | 'GENERATED',
  fileName: string,
): Promise<string> {
  const row = await studio.database.db
    .insertInto('filler_slides')
    .values({
      organization_id: organizationId,
      file_name: fileName,
      image_key: `files/${organizationId}/${fileName.toLowerCase().replaceAll(' ', '-')}.png`,
      state,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
