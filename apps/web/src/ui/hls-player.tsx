import { Alert, Box, Text } from '@mantine/core';
import { videoLibraryMessages } from '@studio/domain';
import Hls from 'hls.js/light';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  guardParamsOf,
  hlsErrorAction,
  onHlsError,
  PLAYBACK_FAILED_MESSAGE_MS,
  withGuardParams,
  type HlsGuardParams,
} from './hls-rules.ts';

export { guardParamsOf, hlsErrorAction, PLAYBACK_FAILED_MESSAGE_MS, withGuardParams };
export type { HlsErrorAction, HlsGuardParams } from './hls-rules.ts';

interface HlsPlayerProps {
  /** The master playlist. */
  src: string;
  /** True when the organisation's HLS guard is on: every request carries its parameters. */
  guarded?: boolean;
  /** Guard parameters; taken from `src` when absent. */
  guard?: HlsGuardParams | null;
  title?: string;
  autoPlay?: boolean;
  muted?: boolean;
  poster?: string | null;
  /** WebVTT captions (the video's transcript), offered by the player's captions menu. */
  captions?: string | null;
  /** Seconds into the video to start at (a channel joined in its middle); from the start by default. */
  startPosition?: number;
}

type PlayerProblem = 'unsupported' | 'failed' | null;

/**
 * Spec 000 §2/§8 streaming player (hls.js): network errors reload, media errors recover, any
 * other fatal error shows 'Video playback failed. Please refresh the page.' for 5 seconds; a
 * browser without MSE or native HLS gets 'Sorry, your browser doesn't support hls player.'
 */
export function HlsPlayer({
  src,
  guarded = false,
  guard,
  title,
  autoPlay = false,
  muted = false,
  poster,
  captions,
  startPosition,
}: HlsPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<PlayerProblem>(null);
  const [failedAt, setFailedAt] = useState<number | null>(null);

  const fail = useEffectEvent(() => {
    setProblem('failed');
    setFailedAt(Date.now());
  });
  const unsupported = useEffectEvent(() => setProblem('unsupported'));

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const params = guarded ? (guard ?? guardParamsOf(src)) : null;
    const mediaOrigin = new URL(src, window.location.href).origin;
    if (Hls.isSupported()) {
      const hls = new Hls({
        ...(startPosition === undefined ? {} : { startPosition }),
        xhrSetup: (xhr, url) => {
          const guardedUrl = withGuardParams(url, params, mediaOrigin);
          if (guardedUrl !== url) xhr.open('GET', guardedUrl, true);
        },
      });
      onHlsError(hls, Hls.Events, fail);
      hls.loadSource(withGuardParams(src, params, mediaOrigin));
      hls.attachMedia(video);
      return () => hls.destroy();
    }
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = withGuardParams(src, params, mediaOrigin);
      if (startPosition !== undefined)
        video.addEventListener('loadedmetadata', () => (video.currentTime = startPosition), { once: true });
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    unsupported();
    return undefined;
  }, [src, guarded, guard, startPosition]);

  // The failure message goes after 5 seconds.
  useEffect(() => {
    if (failedAt === null) return;
    const timer = setTimeout(() => {
      setProblem((current) => (current === 'failed' ? null : current));
      setFailedAt(null);
    }, PLAYBACK_FAILED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [failedAt]);

  if (problem === 'unsupported') {
    return (
      <Alert color="yellow" role="alert">
        {videoLibraryMessages.hlsUnsupported}
      </Alert>
    );
  }
  return (
    <Box pos="relative">
      <video
        ref={videoRef}
        controls
        playsInline
        autoPlay={autoPlay}
        muted={muted}
        poster={poster ?? undefined}
        title={title}
        aria-label={title ? `${title} video` : 'Video'}
        style={{ width: '100%', maxHeight: '70vh', background: 'black', display: 'block' }}
      >
        {captions && <track kind="captions" src={captions} srcLang="en" label="English" />}
      </video>
      {problem === 'failed' && (
        <Text role="alert" c="red" size="sm" mt="xs">
          {videoLibraryMessages.playbackFailed}
        </Text>
      )}
    </Box>
  );
}
