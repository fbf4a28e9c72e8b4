import type { Broadcast, RtmpInput, Track, VideoAsset } from '@studio/domain';
import { DEMO_AGENDA, DEMO_BOOTHS, DEMO_ROOMS, DEMO_RTMP_INPUT, DEMO_SURVEYS } from './demo-content.ts';
import type { studioClient } from './studio-client.ts';

type Api = ReturnType<typeof studioClient>;

/** The demo conference's agenda, rooms, booths, sponsor and survey (issue 14), through the API like the rest of the seed. */
export async function addDemoProgramme(
  api: Api,
  event: { id: string; start: number },
  videos: readonly VideoAsset[],
): Promise<string> {
  const tracks = new Map<string, string>();
  const sessions = new Map<string, string>();
  for (const title of new Set(DEMO_AGENDA.map((block) => block.track)))
    tracks.set(title, (await api.post<Track>('/api/event/tracks/', { event: event.id, title })).id);
  const input = await api.post<RtmpInput>('/api/event/rtmp_inputs/', {
    event: event.id,
    name: DEMO_RTMP_INPUT,
  });
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
    const session = await api.post<Broadcast>('/api/event/broadcasts/', {
      event: event.id,
      title: block.title,
      description: block.description ?? '',
      broadcast_type: block.broadcast_type,
      tracks: [track],
      video_assets: video ? [video.id] : [],
      ...(block.broadcast_type === 'RTMP' ? { rtmp_input: input.id } : {}),
      ...times,
    });
    sessions.set(session.title, session.id);
  }
  for (const room of DEMO_ROOMS) await api.post('/api/event/rooms/', { event: event.id, ...room });
  for (const { resources, sponsor, ...booth } of DEMO_BOOTHS) {
    const created = await api.post<{ id: string }>('/api/event/booths/', { event: event.id, ...booth });
    for (const resource of resources)
      await api.post('/api/event/booth-resources/', { booth: created.id, ...resource });
    // The sponsor gets a sign-in link to their booth's page (in the outbox; printed with LOG_LEVEL=info).
    if (sponsor)
      await api.post('/api/core/user/sponsor/', { event: event.id, booth: created.id, user: sponsor });
  }
  for (const { session, ...survey } of DEMO_SURVEYS) {
    const created = await api.post<{ id: string }>('/api/event/surveys/', { event: event.id, ...survey });
    await api.post(`/api/event/surveys/${created.id}/duplicate/`, { broadcast: sessions.get(session) });
  }
  return `a two-day agenda of ${DEMO_AGENDA.length} blocks in ${tracks.size} tracks, ${DEMO_ROOMS.length} rooms, ${DEMO_BOOTHS.length} booths, an RTMP input for the partner fair's live session (Sam Sponsor runs Contoso Cloud's) and a survey in the opening keynote`;
}
