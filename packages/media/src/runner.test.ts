import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaLauncher, progressParser, runMediaTool } from './runner.ts';
import { Semaphore } from './semaphore.ts';
import { mediaToolFailure } from './testing/failure.ts';
import { fixtureDir, removeFixtures } from './testing/fixtures.ts';

afterAll(removeFixtures);

/** An ffmpeg run that goes on until it is stopped, tagged so it can be found among processes. */
function endlessArgs(marker: string): string[] {
  return [
    '-nostdin',
    '-v',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x64',
    '-metadata',
    `title=${marker}`,
    '-f',
    'null',
    '-',
  ];
}

/** Pids of live processes whose command line holds `marker`. */
function pidsWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker) && !isZombie(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}
function isZombie(pid: string): boolean {
  return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
}

async function eventually<T>(probe: () => T, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('Gave up waiting.');
}

describe('runMediaTool', () => {
  it('reports progress as a rising fraction of the duration, ending at 1', async () => {
    const progress: number[] = [];
    const args = ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=30:duration=2'];
    await runMediaTool('ffmpeg', [...args, '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'null', '-'], {
      durationSeconds: 2,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('rejects with the exit code and the last thing the tool said', async () => {
    const failure = await mediaToolFailure(
      runMediaTool('ffmpeg', ['-nostdin', '-v', 'error', '-i', 'file:/does/not/exist.mp4']),
    );
    expect(failure).toMatchObject({ tool: 'ffmpeg', exitCode: 1, exitSignal: null });
    expect(failure.reason).toMatch(/No such file or directory/);
    expect(failure.message).toMatch(/^ffmpeg failed \(exit code 1\): .*No such file or directory/);
  });

  it('starts processes from the launcher (not from this large process), kills them when aborted, and settles once they are gone', async () => {
    expect(await mediaLauncher().ready).toBe(true);
    const marker = randomUUID();
    const controller = new AbortController();
    const run = runMediaTool('ffmpeg', endlessArgs(marker), { signal: controller.signal });
    const [pid] = await eventually(
      () => pidsWith(marker),
      (pids) => pids.length === 1,
    );
    const parent = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    expect(parent).not.toBe(process.pid);
    expect(readFileSync(`/proc/${parent}/cmdline`, 'utf8')).toContain('process.send');
    controller.abort(new Error('job cancelled'));
    await expect(run).rejects.toThrow('job cancelled');
    expect(pidsWith(marker)).toEqual([]);
    expect(() => process.kill(pid ?? 0, 0)).toThrow();
  });

  it('waits for a free slot before starting a process', async () => {
    const slots = new Semaphore(1);
    const marker = randomUUID();
    const controller = new AbortController();
    const first = runMediaTool('ffmpeg', endlessArgs(marker), { slots, signal: controller.signal });
    const second = runMediaTool('ffmpeg', endlessArgs(marker), { slots, signal: controller.signal });
    await eventually(
      () => pidsWith(marker),
      (pids) => pids.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pidsWith(marker)).toHaveLength(1);
    controller.abort(new Error('done'));
    await Promise.allSettled([first, second]);
  });
});

describe('progressParser', () => {
  it('reads microseconds across chunk boundaries and ignores everything else', () => {
    const progress: number[] = [];
    const parse = progressParser(10, (fraction) => progress.push(fraction));
    parse('frame=10\nout_time_us=2500');
    parse('000\nout_time_ms=2500000\nout_time_us=N/A\nprogress=continue\n');
    parse('out_time_us=11000000\nprogress=end\n');
    expect(progress).toEqual([0.25, 1]);
  });

  it('reports only the end when the duration is unknown', () => {
    const progress: number[] = [];
    const parse = progressParser(undefined, (fraction) => progress.push(fraction));
    parse('out_time_us=5000000\nprogress=end\n');
    expect(progress).toEqual([1]);
  });
});

describe('a process whose parent dies', () => {
  /** Starts a Node process that runs an endless ffmpeg, then ends it with `ending`. */
  async function orphanCheck(
    ending: 'killed' | 'exits',
    env: NodeJS.ProcessEnv,
    via: 'directly' | 'launcher',
  ): Promise<number[]> {
    const marker = randomUUID();
    const script = join(fixtureDir, `parent-${marker}.mts`);
    const runner = new URL('./runner.ts', import.meta.url).pathname;
    await writeFile(
      script,
      `import { mediaLauncher, runMediaTool } from ${JSON.stringify(runner)};
       ${via === 'launcher' ? 'if (!(await mediaLauncher().ready)) process.exit(3);' : ''}
       void runMediaTool('ffmpeg', ${JSON.stringify(endlessArgs(marker))}).catch(() => {});
       process.stdin.once('data', () => process.exit(0));`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script], {
      env,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    await eventually(
      () => pidsWith(marker),
      (pids) => pids.length === 1,
    );
    if (ending === 'killed') parent.kill('SIGKILL');
    else parent.stdin.write('exit\n');
    await new Promise((resolve) => parent.once('exit', resolve));
    const left = await eventually(
      () => pidsWith(marker),
      (pids) => pids.length === 0,
    ).catch(() => pidsWith(marker));
    for (const pid of left) process.kill(pid, 'SIGKILL');
    return left;
  }

  it.each(['directly', 'launcher'] as const)(
    'dies with it, even when the parent is killed outright (setpriv), started %s',
    async (via) => {
      expect(await orphanCheck('killed', process.env, via)).toEqual([]);
    },
  );

  it.each(['directly', 'launcher'] as const)(
    'is killed when the parent exits, where setpriv is missing, started %s',
    async (via) => {
      const env = {
        ...process.env,
        PATH: '/nonexistent',
        FFMPEG_PATH: '/usr/bin/ffmpeg',
        FFPROBE_PATH: '/usr/bin/ffprobe',
      };
      expect(await orphanCheck('exits', env, via)).toEqual([]);
    },
  );
});
