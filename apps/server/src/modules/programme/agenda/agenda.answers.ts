import {
  simuliveProcessingState,
  type AgendaItem,
  type Broadcast,
  type BroadcastSpeaker,
  type Track,
} from '@studio/domain';
import { videoLibraryReadModel } from '../../video-library/video-library.read-model.ts';
import type { AgendaItemRecord, BroadcastRecord, TrackRecord } from './agenda.repository.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The session; `urlBase`: what its videos' thumbnail URLs start with (studioUrlBase). */
export function toBroadcast(
  row: BroadcastRecord,
  urlBase: string,
  speakers: readonly BroadcastSpeaker[] = [],
): Broadcast {
  const videoAssets = row.videos.flatMap(({ video }) =>
    video ? [videoLibraryReadModel.view(video, urlBase)] : [],
  );
  return {
    id: row.id,
    event: row.event_id,
    title: row.title,
    description: row.description,
    start_time: row.start_time.toISOString(),
    end_time: row.end_time.toISOString(),
    broadcast_type: row.broadcast_type,
    is_live: row.is_live,
    simulive_test_run_end_time: iso(row.simulive_test_run_end_time),
    // The server's side of the test channel, from the row (the stored column is not kept up to date).
    test_simulive_processing_state: simuliveProcessingState({ ...row, video_assets: videoAssets }),
    rtmp_input: row.rtmp_input_id,
    video_assets: videoAssets,
    speakers: [...speakers],
    tracks: row.tracks.map((track) => track.id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toTrack = (row: TrackRecord): Track => ({
  id: row.id,
  event: row.event_id,
  title: row.title,
  sort_priority: row.sort_priority,
  agenda_items: row.agenda_items,
});

export const toAgendaItem = (row: AgendaItemRecord, overlaps: ReadonlyMap<string, string[]>): AgendaItem => ({
  id: row.id,
  event: row.event_id,
  track: row.track_id,
  kind: row.kind,
  broadcast: row.broadcast_id,
  title: row.title,
  start_time: row.start_time.toISOString(),
  end_time: row.end_time.toISOString(),
  overlaps: overlaps.get(row.id) ?? [],
});
