import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { engagementPanelMessages as words, type OnDemandVideo } from '@studio/domain';
import { useAttendance, useWatchTime } from './attendance.ts';
import { callEventApp } from './event-app-api.ts';
import { loadHls, playHls } from './hls-play.ts';

/** The event's videos on demand (its sessions' pre-recorded videos and its recordings), read once. */
export const onDemandQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['engagement', eventId, 'on-demand'] as const,
    queryFn: () => callEventApp<OnDemandVideo[]>(eventId, 'on-demand'),
    staleTime: 60_000,
  });

export const useOnDemand = (eventId: string) => useQuery(onDemandQuery(eventId));

/** One chosen video, from its start, with the player's controls; its watch time counted on demand. */
function OnDemandPlayer({ video }: { video: OnDemandVideo }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useWatchTime(useAttendance(), videoRef, video.session, 'on_demand');
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void loadHls().then((Hls) => {
      if (!stopped)
        stop = playHls(
          Hls,
          element,
          video.hls_url,
          () => undefined,
          () => undefined,
          false,
        );
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [video.hls_url]);
  return (
    <video
      ref={videoRef}
      className="on-demand-player"
      data-source={video.id}
      poster={video.thumbnail_url ?? undefined}
      aria-label={video.title}
      // Captions come from the studio's origin: the track is read with CORS.
      crossOrigin={video.captions_url ? 'anonymous' : undefined}
      controls
      playsInline
    >
      {video.captions_url && <track kind="captions" src={video.captions_url} srcLang="en" label="English" />}
    </video>
  );
}

/** A playable list: the chosen video plays above the list (the first one at first). */
export function OnDemandList({ videos, empty }: { videos: OnDemandVideo[]; empty: string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  if (videos.length === 0) return <p className="muted">{empty}</p>;
  const playing = videos.find((video) => video.id === chosen) ?? videos[0]!;
  return (
    <div className="on-demand">
      <OnDemandPlayer key={playing.id} video={playing} />
      <ul className="on-demand-list">
        {videos.map((video) => (
          <li key={video.id}>
            <button
              type="button"
              className={video.id === playing.id ? 'link-button selected' : 'link-button'}
              aria-current={video.id === playing.id}
              aria-label={words.play(video.title)}
              onClick={() => setChosen(video.id)}
            >
              {video.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After the event: its recordings and on-demand videos instead of an empty stage. */
export function EventEnded({ eventId, message }: { eventId: string; message: string | null }) {
  const videos = useOnDemand(eventId);
  return (
    <section className="stage-ended" aria-label={words.onDemandTitle}>
      {message && <p className="stage-message">{message}</p>}
      <h3>{words.onDemandTitle}</h3>
      {videos.data && <OnDemandList videos={videos.data} empty={words.noOnDemand} />}
    </section>
  );
}

/** The sidebar's Media tab: the session's videos available on demand. */
export function MediaPanel({ eventId, sessionId }: { eventId: string; sessionId: string | null }) {
  const videos = useOnDemand(eventId);
  if (!videos.data) return null;
  const ofSession = videos.data.filter((video) => sessionId !== null && video.session === sessionId);
  return <OnDemandList videos={ofSession} empty={words.noMedia} />;
}
