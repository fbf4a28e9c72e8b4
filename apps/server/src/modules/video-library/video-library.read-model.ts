import { sql, type RawBuilder } from 'kysely';

/** What other modules' queries may read of library videos, written by the library (which owns them). */
export const videoLibraryReadModel = {
  /**
   * A video's summary as a JSON object {id, name, duration, transcode_status} (`assetId`: a column
   * reference of the asking row).
   */
  summaryOf(assetId: string): RawBuilder<{
    id: string;
    name: string;
    duration: number | null;
    transcode_status: string | null;
  }> {
    return sql`(select json_build_object('id', video_assets.id, 'name', video_assets.name,
      'duration', video_assets.duration, 'transcode_status', video_assets.transcode_status)
      from video_assets where video_assets.id = ${sql.ref(assetId)})`;
  },
};
