import { sql, type Expression, type RawBuilder } from 'kysely';
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

  /**
   * The words said in the video's transcript between `from` and `to` (seconds), in order, as one
   * text (null without any): what a Content Lab clip search matches, in the asking statement.
   */
  saidBetween(videoId: Expression<string | null>, from: Expression<number>, to: Expression<number>) {
    return sql<
      string | null
    >`(select string_agg(said.item->'alternatives'->0->>'content', ' ' order by said.position)
      from video_assets, jsonb_array_elements(video_assets.transcript->'items') with ordinality as said(item, position)
      where video_assets.id = ${videoId}
        and (said.item->>'end_time')::float8 > ${from} and (said.item->>'start_time')::float8 < ${to})`;
  },

  /** Whether the video is in one of the workspaces (a caller who sees only their teams'). */
  inWorkspaces(videoId: Expression<string | null>, workspaces: readonly string[]) {
    if (workspaces.length === 0) return sql<boolean>`false`;
    return sql<boolean>`exists (select 1 from video_assets where video_assets.id = ${videoId}
      and video_assets.workspace_id in (${sql.join(workspaces)}))`;
  },

  /** The summary with its thumbnail's URL (unguarded: an HLS-guarded organisation's needs the library's own answer). */
  view(row: VideoSummaryRow, publicUrl: string) {
    const { thumbnail_key: key, ...rest } = row;
    return { ...rest, thumbnail: key ? mediaUrl(publicUrl, key) : null };
  },
};
