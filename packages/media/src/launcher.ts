import { spawn, type ChildProcess } from 'node:child_process';

/** What a caller hears from a started process. */
export interface ProcessHandlers {
  stdout: (chunk: string) => void;
  stderr: (chunk: string) => void;
  /** Once, after the process has exited and its output is drained; `error` when it never ran. */
  close: (code: number | null, signal: NodeJS.Signals | null, error?: Error) => void;
}

export interface StartedProcess {
  kill(): void;
}

/** Children started directly, killed when this process exits normally. */
const liveChildren = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

/** Kills `child` with this process if it is still running then. */
export function killOnExit(child: ChildProcess): void {
  liveChildren.add(child);
  child.once('close', () => liveChildren.delete(child));
}

/** Starts a process as a child of this one. */
export function startDirectly(
  command: string,
  args: readonly string[],
  handlers: ProcessHandlers,
): StartedProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  killOnExit(child);
  child.stdout.setEncoding('utf8').on('data', handlers.stdout);
  child.stderr.setEncoding('utf8').on('data', handlers.stderr);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  child.once('close', (code, signal) => handlers.close(code, signal, spawnError));
  return { kill: () => child.kill('SIGKILL') };
}

/*
 * The launcher: a small Node process that starts media processes for this one. Starting a child
 * copies the parent's page tables, so a process holding a large heap (the embedded database's
 * memory, hundreds of MB) stalls its event loop 15–30 ms per ffmpeg start; the launcher's stays
 * ~1 ms. Plain CommonJS so it runs under any loader; it kills its children and exits when this
 * process goes (disconnect, or setpriv's death signal).
 */
const LAUNCHER_SOURCE = `
const { spawn } = require('node:child_process');
const children = new Map();
// A parent gone mid-send is noticed by 'disconnect'; the failed send itself needs no answer.
const send = (message) => { if (process.connected) process.send(message, () => {}); };
process.on('message', (request) => {
  if (request.type === 'kill') { children.get(request.id)?.kill('SIGKILL'); return; }
  const { id } = request;
  const child = spawn(request.command, request.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(id, child);
  child.stdout.setEncoding('utf8').on('data', (data) => send({ type: 'stdout', id, data }));
  child.stderr.setEncoding('utf8').on('data', (data) => send({ type: 'stderr', id, data }));
  let error;
  child.once('error', (cause) => { error = cause.message; });
  child.once('close', (code, signal) => { children.delete(id); send({ type: 'close', id, code, signal, error }); });
});
process.on('disconnect', () => {
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(0);
});
send({ type: 'ready' });
`;

type LauncherMessage =
  | { type: 'ready' }
  | { type: 'stdout' | 'stderr'; id: number; data: string }
  | { type: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null; error?: string };

export class ProcessLauncher {
  private readonly child: ChildProcess;
  private readonly running = new Map<number, ProcessHandlers>();
  private nextId = 1;
  private state: 'starting' | 'ready' | 'gone' = 'starting';
  readonly ready: Promise<boolean>;

  /** `setpriv`: ties the launcher's life to this process's, as each media process's to the launcher's. */
  constructor(setpriv?: string) {
    const nodeArgs = ['-e', LAUNCHER_SOURCE];
    const [command, args] = setpriv
      ? [setpriv, ['--pdeathsig', 'KILL', '--', process.execPath, ...nodeArgs]]
      : [process.execPath, nodeArgs];
    // No preloaded loaders (a test runner's, tsx): the launcher is plain CommonJS.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    this.child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
    let announce!: (ready: boolean) => void;
    this.ready = new Promise((resolve) => (announce = resolve));
    this.child.on('message', (message: LauncherMessage) => {
      if (message.type === 'ready') {
        this.state = 'ready';
        announce(true);
      } else if (message.type === 'close') {
        const handlers = this.running.get(message.id);
        this.running.delete(message.id);
        this.holdOpen();
        handlers?.close(message.code, message.signal, message.error ? new Error(message.error) : undefined);
      } else {
        this.running.get(message.id)?.[message.type](message.data);
      }
    });
    const gone = () => {
      if (this.state === 'gone') return;
      this.state = 'gone';
      announce(false);
      for (const handlers of this.running.values())
        handlers.close(null, 'SIGKILL', new Error('The media process launcher exited.'));
      this.running.clear();
    };
    this.child.once('exit', gone);
    this.child.once('error', gone);
    this.holdOpen();
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  get isGone(): boolean {
    return this.state === 'gone';
  }

  start(command: string, args: readonly string[], handlers: ProcessHandlers): StartedProcess {
    const id = this.nextId++;
    this.running.set(id, handlers);
    this.holdOpen();
    this.child.send({ type: 'spawn', id, command, args });
    return { kill: () => this.running.has(id) && this.child.send({ type: 'kill', id }) };
  }

  /** The launcher keeps this process alive only while it runs something for it. */
  private holdOpen() {
    const busy = this.running.size > 0;
    const channel = this.child.channel as { ref(): void; unref(): void } | undefined;
    if (busy) {
      this.child.ref();
      channel?.ref();
    } else {
      this.child.unref();
      channel?.unref();
    }
  }
}
