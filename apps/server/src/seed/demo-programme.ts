import type { Track, VideoAsset } from '@studio/domain';
import { DEMO_AGENDA } from './demo-content.ts';
import type { studioClient } from './studio-client.ts';

type Api = ReturnType<typeof studioClient>;

/** The demo conference's agenda (issue 14), through the API like the rest of the seed. */
export async function addDemoProgramme(
  api: Api,
  event: { id: string; start: number },
  videos: readonly VideoAsset[],
): Promise<string> {
  const tracks = new Map<string, string>();
  for (const title of new Set(DEMO_AGENDA.map((block) => block.track)))
    tracks.set(title, (await api.post<Track>('/api/event/tracks/', { event: event.id, title })).id);
  const at = (minutes: number) => new Date(event.start + minutes * 60_000).toISOString();
  for (const block of DEMO_AGENDA) {
    const times = { start_time: at(block.at), end_time: at(block.at + block.minutes) };
    const track = tracks.get(block.track)!;
    if (block.kind === 'break') {
      await api.post('/api/event/agenda-item/', {
        event: event.id,
        track,
        kind: 'break',
        title: block.title,
        ...times,
      });
      continue;
    }
    const video = videos.find(
      (candidate) => candidate.name === block.video && candidate.transcode_status === 'COMPLETE',
    );
    await api.post('/api/event/broadcasts/', {
      event: event.id,
      title: block.title,
      description: block.description ?? '',
      broadcast_type: block.broadcast_type,
      tracks: [track],
      video_assets: video ? [video.id] : [],
      ...times,
    });
  }
  return `a two-day agenda of ${DEMO_AGENDA.length} blocks in ${tracks.size} tracks`;
}
