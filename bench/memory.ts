// Resident memory of a studio on PGlite and on PostgreSQL, each in a process of its own.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

interface Memory {
  idle: number;
  peak: number;
  backends: number | null;
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Memory> {
  const script = new URL('./memory-studio.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', script, kind],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Memory;
}

export async function benchMemory(): Promise<string[]> {
  const pglite = await measure('pglite');
  const lines = [
    'Studio process memory (RSS; 60 events, 1,000 videos; peak over 1,000 list and /me requests, 10 at a time)',
    `  PGlite      idle ${pglite.idle} MB, peak ${pglite.peak} MB (the database inside the process)`,
  ];
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await measure('postgres');
    const backends = postgres.backends === null ? 'not readable' : `${postgres.backends} MB private`;
    lines.push(
      `  PostgreSQL  idle ${postgres.idle} MB, peak ${postgres.peak} MB; its backends ${backends}`,
      `  PGlite ÷ PostgreSQL: idle ${(pglite.idle / postgres.idle).toFixed(2)}×, peak ${(pglite.peak / postgres.peak).toFixed(2)}×`,
    );
  }
  return lines;
}
