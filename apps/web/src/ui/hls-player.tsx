import { Alert, Box, Text } from '@mantine/core';
import { videoLibraryMessages } from '@studio/domain';
import type { ErrorData } from 'hls.js';
import Hls from 'hls.js/light';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** Spec 000 §8: the playback failure message stays this long. */
export const PLAYBACK_FAILED_MESSAGE_MS = 5000;

/** The organisation's HLS guard parameters (spec 000 §7). */
export interface HlsGuardParams {
  orgId: string;
  code: string;
}

export type HlsErrorAction = 'ignore' | 'startLoad' | 'recoverMediaError' | 'fail';

/** Spec 000 §8: fatal network error → load again; fatal media error → recover; any other fatal error → fail. */
export function hlsErrorAction(error: Pick<ErrorData, 'fatal' | 'type'>): HlsErrorAction {
  if (!error.fatal) return 'ignore';
  if (error.type === Hls.ErrorTypes.NETWORK_ERROR) return 'startLoad';
  if (error.type === Hls.ErrorTypes.MEDIA_ERROR) return 'recoverMediaError';
  return 'fail';
}

/** The guard parameters of a playlist URL the server handed out (`org_id`, `code`), if any. */
export function guardParamsOf(url: string): HlsGuardParams | null {
  try {
    const parsed = new URL(url, window.location.href);
    const orgId = parsed.searchParams.get('org_id');
    const code = parsed.searchParams.get('code');
    return orgId && code ? { orgId, code } : null;
  } catch {
    return null;
  }
}

/**
 * Spec 000 §7: requests to the media host carry `org_id` and the access `code` when the guard is
 * on; a URL that already has them (or another host's) is left alone.
 */
export function withGuardParams(url: string, guard: HlsGuardParams | null, mediaOrigin: string): string {
  if (!guard) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, mediaOrigin);
  } catch {
    return url;
  }
  if (parsed.origin !== new URL(mediaOrigin).origin || parsed.searchParams.has('org_id')) return url;
  parsed.searchParams.set('org_id', guard.orgId);
  parsed.searchParams.set('code', guard.code);
  return parsed.toString();
}

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
        xhrSetup: (xhr, url) => {
          const guardedUrl = withGuardParams(url, params, mediaOrigin);
          if (guardedUrl !== url) xhr.open('GET', guardedUrl, true);
        },
      });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        switch (hlsErrorAction(data)) {
          case 'ignore':
            return;
          case 'startLoad':
            hls.startLoad();
            return;
          case 'recoverMediaError':
            hls.recoverMediaError();
            return;
          case 'fail':
            hls.destroy();
            fail();
            return;
        }
      });
      hls.loadSource(withGuardParams(src, params, mediaOrigin));
      hls.attachMedia(video);
      return () => hls.destroy();
    }
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = withGuardParams(src, params, mediaOrigin);
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    unsupported();
    return undefined;
  }, [src, guarded, guard]);

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
      />
      {problem === 'failed' && (
        <Text role="alert" c="red" size="sm" mt="xs">
          {videoLibraryMessages.playbackFailed}
        </Text>
      )}
    </Box>
  );
}
