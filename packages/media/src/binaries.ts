import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

export type MediaTool = 'ffmpeg' | 'ffprobe';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** util-linux `setpriv`, used to tie each child's life to ours; absent off Linux. */
  setpriv?: string;
}

const npmPackages: Record<MediaTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};
const envNames: Record<MediaTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

/**
 * Where each binary is: FFMPEG_PATH / FFPROBE_PATH, else the system PATH (Debian's ffmpeg is
 * current), else the binaries shipped on npm (the ffmpeg one is a 2018 build).
 */
export function locateMediaBinaries(env: NodeJS.ProcessEnv = process.env): MediaBinaries {
  const setpriv = findOnPath('setpriv', env.PATH);
  return { ffmpeg: locate('ffmpeg', env), ffprobe: locate('ffprobe', env), ...(setpriv ? { setpriv } : {}) };
}

let located: MediaBinaries | undefined;

/** The binaries of this process, located once. */
export function mediaBinaries(): MediaBinaries {
  located ??= locateMediaBinaries();
  return located;
}

function locate(tool: MediaTool, env: NodeJS.ProcessEnv): string {
  const configured = env[envNames[tool]];
  if (configured) return ensureExecutable(configured);
  const onPath = findOnPath(tool, env.PATH);
  if (onPath) return onPath;
  const shipped = createRequire(import.meta.url)(npmPackages[tool]) as { path: string };
  return ensureExecutable(shipped.path);
}

function findOnPath(name: string, path: string | undefined): string | undefined {
  for (const directory of (path ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(directory, name);
    if (isExecutable(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** npm may unpack a binary without its execute bit; set it rather than fail at the first job. */
export function ensureExecutable(file: string): string {
  if (!isExecutable(file)) chmodSync(file, statSync(file).mode | 0o111);
  return file;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
