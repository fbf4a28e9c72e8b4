import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { mediaBinaries, type MediaTool } from './binaries.ts';
import { killOnExit } from './launcher.ts';

const STDERR_TAIL_CHARS = 4000;

export interface PipedMediaExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last few thousand characters of the log. */
  stderrTail: string;
  /** Set when the process never ran. */
  error?: Error;
}

/** A long-lived media process fed through its standard input. */
export interface PipedMediaProcess {
  readonly pid: number | undefined;
  /** Errors (a write after the process died) are swallowed: `exit` says what happened. */
  readonly stdin: Writable;
  /** Resolves once the process has exited and its output is drained. */
  readonly exit: Promise<PipedMediaExit>;
  kill(): void;
}

/**
 * Starts ffmpeg or ffprobe as a direct child with a writable standard input (the shared launcher
 * relays output only, and a live stream's bytes should not cross a second process). Like every
 * media process it dies with this one. It takes no media slot: it lives as long as its input.
 */
export function startPipedMediaTool(
  tool: MediaTool,
  args: readonly string[],
  onStdout: (chunk: string) => void,
): PipedMediaProcess {
  const binaries = mediaBinaries();
  const [command, commandArgs] = binaries.setpriv
    ? [binaries.setpriv, ['--pdeathsig', 'KILL', '--', binaries[tool], ...args]]
    : [binaries[tool], [...args]];
  const child = spawn(command, commandArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
  killOnExit(child);
  child.stdin.on('error', () => {});
  child.stdout.setEncoding('utf8').on('data', onStdout);
  let stderrTail = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const exit = new Promise<PipedMediaExit>((resolve) => {
    child.once('close', (code, signal) =>
      resolve({ code, signal, stderrTail, ...(spawnError ? { error: spawnError } : {}) }),
    );
  });
  return { pid: child.pid, stdin: child.stdin, exit, kill: () => child.kill('SIGKILL') };
}
