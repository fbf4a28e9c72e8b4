import { sql, type RawBuilder } from 'kysely';
import { mediaUrl } from './playback.ts';

/** A library video as another area lists it (a session's videos), read in that area's statement. */
export interface VideoSummaryRow {
  id: string;
  title: string;
  duration: number | null;
  transcode_status: string | null;
  thumbnail_key: string | null;
}

/** What other modules' queries may read of the library's videos, written by the library. */
export const videoLibraryReadModel = {
  /** The video the column names, as a JSON object (`videoId`: the asking row's column). */
  summaryOf(videoId: string): RawBuilder<VideoSummaryRow> {
    return sql<VideoSummaryRow>`(select jsonb_build_object('id', video_assets.id, 'title', video_assets.name,
      'duration', video_assets.duration, 'transcode_status', video_assets.transcode_status,
      'thumbnail_key', video_assets.thumbnail_key)
      from video_assets where video_assets.id = ${sql.ref(videoId)})`;
  },

  /** The summary with its thumbnail's URL (unguarded: an HLS-guarded organisation's needs the library's own answer). */
  view(row: VideoSummaryRow, publicUrl: string) {
    const { thumbnail_key: key, ...rest } = row;
    return { ...rest, thumbnail: key ? mediaUrl(publicUrl, key) : null };
  },
};
