import { mediaBinaries, type MediaTool } from './binaries.ts';
import { ProcessLauncher, startDirectly, type ProcessHandlers, type StartedProcess } from './launcher.ts';
import { mediaProcessSlots, type Semaphore } from './semaphore.ts';

export interface RunOptions {
  /** Aborting kills the process (or stops waiting for a slot) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** With a known media duration, ffmpeg's progress is reported as a fraction in [0, 1]. */
  durationSeconds?: number;
  onProgress?: (fraction: number) => void;
  /** Defaults to the shared slots: one process per core. */
  slots?: Semaphore;
}

/** A media process that exited unsuccessfully; `reason` is the last thing it said. */
export class MediaToolError extends Error {
  override readonly name = 'MediaToolError';

  constructor(
    readonly tool: MediaTool,
    readonly exitCode: number | null,
    readonly exitSignal: NodeJS.Signals | null,
    readonly stderrTail: string,
  ) {
    super(
      `${tool} failed (${exitSignal ?? `exit code ${exitCode}`}): ${lastLine(stderrTail) || 'no error output'}`,
    );
  }

  get reason(): string {
    return lastLine(this.stderrTail);
  }
}

const STDERR_TAIL_CHARS = 4000;

export interface MediaToolOutput {
  /** Empty when `onProgress` is given: ffmpeg's standard output then carries progress records. */
  stdout: string;
  /** The last few thousand characters of the log: warnings and errors, even on success. */
  stderrTail: string;
}

/** Runs ffmpeg or ffprobe in one of the shared slots; rejects with MediaToolError on failure. */
export function runMediaTool(
  tool: MediaTool,
  args: readonly string[],
  options: RunOptions = {},
): Promise<MediaToolOutput> {
  const { signal, slots = mediaProcessSlots } = options;
  return slots.run(() => spawnAndWait(tool, args, options), signal);
}

function spawnAndWait(
  tool: MediaTool,
  args: readonly string[],
  options: RunOptions,
): Promise<MediaToolOutput> {
  const { signal, onProgress, durationSeconds } = options;
  signal?.throwIfAborted();
  const binaries = mediaBinaries();
  const fullArgs = onProgress ? ['-progress', 'pipe:1', '-nostats', ...args] : [...args];
  // setpriv makes the kernel kill the child if its parent dies, even by SIGKILL.
  const [command, commandArgs] = binaries.setpriv
    ? [binaries.setpriv, ['--pdeathsig', 'KILL', '--', binaries[tool], ...fullArgs]]
    : [binaries[tool], fullArgs];

  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderrTail = '';
    const progress = onProgress && progressParser(durationSeconds, onProgress);
    const started = startProcess(command, commandArgs, {
      stdout: (chunk) => {
        if (progress) progress(chunk);
        else stdout += chunk;
      },
      stderr: (chunk) => {
        stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      },
      // After the process has exited and its output is drained: nothing is left running.
      close: (code, exitSignal, error) => {
        signal?.removeEventListener('abort', kill);
        if (signal?.aborted) reject(signal.reason as Error);
        else if (error) reject(error);
        else if (code === 0) resolve({ stdout, stderrTail });
        else reject(new MediaToolError(tool, code, exitSignal, stderrTail));
      },
    });
    const kill = () => started.kill();
    signal?.addEventListener('abort', kill, { once: true });
  });
}

let launcher: ProcessLauncher | undefined;

/**
 * The shared launcher, started on first use (and again if it died); until it is ready, processes
 * are started directly.
 */
export function mediaLauncher(): ProcessLauncher {
  if (!launcher || launcher.isGone) launcher = new ProcessLauncher(mediaBinaries().setpriv);
  return launcher;
}

function startProcess(command: string, args: readonly string[], handlers: ProcessHandlers): StartedProcess {
  const shared = mediaLauncher();
  return shared.isReady ? shared.start(command, args, handlers) : startDirectly(command, args, handlers);
}

/** Turns ffmpeg `-progress` records (`out_time_us=…`, `progress=end`) into fractions of the duration. */
export function progressParser(
  durationSeconds: number | undefined,
  onProgress: (fraction: number) => void,
): (chunk: string) => void {
  let pending = '';
  let reported = 0;
  const report = (fraction: number) => {
    const next = Math.min(1, fraction);
    if (next <= reported) return;
    reported = next;
    onProgress(next);
  };
  return (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // ffmpeg writes microseconds under both names (out_time_ms is a historical misnomer).
      const time = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (time && durationSeconds) report(Number(time[1]) / 1e6 / durationSeconds);
      else if (line.trim() === 'progress=end') report(1);
    }
  };
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.trim() ?? '';
}
