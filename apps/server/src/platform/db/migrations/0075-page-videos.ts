import { sql, type Kysely } from 'kysely';

/**
 * The library videos a built page's Video blocks show, indexed (GIN over the array of their ids),
 * so the library's "where is this video used" finds the pages showing a video without reading
 * every page. The expression is the pages repository's `videoIdsOfPage`, character for character:
 * the planner uses the index only for that very expression.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index built_pages_video_ids_idx on built_pages using gin ((jsonb_path_query_array(
    builder_raw_json, '$.content[*] ? (@.type == "Video" && @.props.videoId != "").props.videoId')))`.execute(
    db,
  );
}
