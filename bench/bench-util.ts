import { performance } from 'node:perf_hooks';

/** Milliseconds a task takes. */
export async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ratio = (value: number) => `${value.toFixed(2)}×`;

/** Polls until `check` answers true; resolves with the time it took (ms). */
export async function until(
  check: () => Promise<boolean>,
  intervalMs = 5,
  timeoutMs = 600_000,
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return performance.now() - started;
}
