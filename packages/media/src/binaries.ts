import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type MediaTool = 'ffmpeg' | 'ffprobe';

/** Where a binary's path came from: FFMPEG_PATH / FFPROBE_PATH, the system PATH, or nowhere. */
export type MediaToolOrigin = 'configured' | 'PATH' | 'nowhere';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  origin: Record<MediaTool, MediaToolOrigin>;
  /** util-linux `setpriv`, used to tie each child's life to ours; absent off Linux. */
  setpriv?: string;
}

/** Configured paths (FFMPEG_PATH, FFPROBE_PATH); unset: the system PATH. */
export type MediaToolPaths = Partial<Record<MediaTool, string | undefined>>;

/** What the studio tells a library uploader when it cannot process video. */
export const VIDEO_PROCESSING_UNAVAILABLE =
  'Video processing is not available: install ffmpeg (apt-get install ffmpeg, which brings ffprobe) or set FFMPEG_PATH and FFPROBE_PATH to working binaries, then restart the studio.';

const envNames: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const TOOLS: readonly MediaTool[] = ['ffmpeg', 'ffprobe'];

/**
 * Where each binary is: FFMPEG_PATH / FFPROBE_PATH, else the system PATH. A binary found nowhere
 * keeps its bare name: running it fails, and `checkMediaTools` says why.
 */
export function locateMediaBinaries(env: NodeJS.ProcessEnv = process.env): MediaBinaries {
  const setpriv = findOnPath('setpriv', env.PATH);
  const locate = (tool: MediaTool): [string, MediaToolOrigin] => {
    const configured = env[envNames[tool]];
    if (configured) return [configured, 'configured'];
    const onPath = findOnPath(tool, env.PATH);
    return onPath ? [onPath, 'PATH'] : [tool, 'nowhere'];
  };
  const [ffmpeg, ffmpegOrigin] = locate('ffmpeg');
  const [ffprobe, ffprobeOrigin] = locate('ffprobe');
  return {
    ffmpeg,
    ffprobe,
    origin: { ffmpeg: ffmpegOrigin, ffprobe: ffprobeOrigin },
    ...(setpriv ? { setpriv } : {}),
  };
}

let located: MediaBinaries | undefined;
let checked: Promise<MediaToolsCheck> | undefined;

/** The binaries of this process: the configured ones, else located once from the environment. */
export function mediaBinaries(): MediaBinaries {
  located ??= locateMediaBinaries();
  return located;
}

/** Sets this process's binaries from the configuration (the server's FFMPEG_PATH, FFPROBE_PATH). */
export function useMediaBinaries(paths: MediaToolPaths, env: NodeJS.ProcessEnv = process.env): MediaBinaries {
  located = locateMediaBinaries({
    ...env,
    FFMPEG_PATH: paths.ffmpeg ?? env.FFMPEG_PATH,
    FFPROBE_PATH: paths.ffprobe ?? env.FFPROBE_PATH,
  });
  checked = undefined;
  return located;
}

export interface MediaToolCheck {
  tool: MediaTool;
  path: string;
  /** Where the path came from. */
  from: 'configured' | 'PATH' | 'nowhere';
  /** The binary's own version line, when it runs. */
  version?: string;
  /** Why it cannot be used. */
  problem?: string;
}

export interface MediaToolsCheck {
  /** Both binaries run: the library can process video. */
  ready: boolean;
  tools: MediaToolCheck[];
}

/** Runs `<tool> -version` for both binaries, once per process (until the binaries change). */
export function checkMediaTools(): Promise<MediaToolsCheck> {
  checked ??= (async () => {
    const binaries = mediaBinaries();
    const tools = await Promise.all(
      TOOLS.map((tool) => checkTool({ tool, path: binaries[tool], from: binaries.origin[tool] })),
    );
    return { ready: tools.every((tool) => !tool.problem), tools };
  })();
  return checked;
}

function checkTool(base: Omit<MediaToolCheck, 'version' | 'problem'>): Promise<MediaToolCheck> {
  const { tool } = base;
  if (base.from === 'nowhere')
    return Promise.resolve({ ...base, problem: `not found on PATH (set ${envNames[tool]} to use another)` });
  return new Promise((resolve) => {
    execFile(base.path, ['-version'], { timeout: 15_000 }, (error, stdout) => {
      const version =
        stdout
          .split('\n')[0]
          ?.replace(/\s+Copyright.*$/, '')
          .trim() ?? '';
      if (error) {
        const { signal, code } = error as { signal?: string; code?: unknown };
        const why = signal
          ? `crashed (${signal})`
          : typeof code === 'string'
            ? code
            : `exit code ${String(code)}`;
        resolve({ ...base, problem: `does not run: ${why}` });
      } else if (!version.startsWith(`${tool} version`)) {
        resolve({ ...base, problem: `is not ${tool} (its -version answered "${version.slice(0, 80)}")` });
      } else resolve({ ...base, version });
    });
  });
}

/** Start-up lines: which binaries the studio uses and their versions, or a clear warning. */
export function describeMediaTools(check: MediaToolsCheck): string[] {
  const lines = check.tools.map(
    (tool) =>
      `${tool.tool}: ${tool.path} (${tool.from === 'configured' ? envNames[tool.tool] : tool.from})` +
      (tool.version ? ` — ${tool.version}` : ` — ${tool.problem}`),
  );
  if (check.ready) return lines;
  return [
    `WARNING: ${VIDEO_PROCESSING_UNAVAILABLE}`,
    ...lines.map((line) => `  ${line}`),
    '  The studio serves everything else; the video library refuses new uploads until then.',
  ];
}

export function findOnPath(name: string, path: string | undefined): string | undefined {
  for (const directory of (path ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(directory, name);
    if (isExecutable(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
