import { availableParallelism } from 'node:os';

/** Bounds how many tasks run at once; waiters start in arrival order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {
    Semaphore.check(limit);
  }

  get active(): number {
    return this.running;
  }

  /** Raising the limit starts waiters at once; lowering it lets running tasks finish. */
  resize(limit: number): void {
    Semaphore.check(limit);
    this.limit = limit;
    this.startWaiters();
  }

  /** Runs `task` when a slot is free; gives up waiting (never a running task) when `signal` aborts. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.startWaiters();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.limit) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', abandon);
        this.running += 1;
        resolve();
      };
      const abandon = () => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(signal?.reason as Error);
      };
      this.waiting.push(start);
      signal?.addEventListener('abort', abandon, { once: true });
    });
  }

  private startWaiters(): void {
    while (this.running < this.limit && this.waiting.length > 0) this.waiting.shift()?.();
  }

  private static check(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`Concurrency must be a whole number ≥ 1, got ${limit}.`);
  }
}

/** The slots every ffmpeg/ffprobe process of this process shares: one per core by default. */
export const mediaProcessSlots = new Semaphore(availableParallelism());

export function setMediaConcurrency(limit: number): void {
  mediaProcessSlots.resize(limit);
}
