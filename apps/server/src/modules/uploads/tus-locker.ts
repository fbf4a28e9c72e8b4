import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { TusFailure } from './tus-store.ts';
import type { UploadsRepository } from './uploads.repository.ts';

export interface DatabaseLockerTiming {
  /** How long a lease lasts without renewal: a node that died holding a lock blocks others this long. */
  leaseMs: number;
  /** How often the holder renews its lease, and so how soon it hears that another request wants the lock. */
  renewEveryMs: number;
  /** How often a waiting request tries again. */
  retryEveryMs: number;
  /** How long a request waits for the lock before giving up (30 s, as tus's own MemoryLocker). */
  acquireTimeoutMs: number;
}

const defaults: DatabaseLockerTiming = {
  leaseMs: 10_000,
  renewEveryMs: 500,
  retryEveryMs: 100,
  acquireTimeoutMs: 30_000,
};

type LockRows = Pick<UploadsRepository, 'tryLock' | 'requestUnlock' | 'renewLock' | 'unlock'>;

/**
 * tus locks on the database, so that API nodes sharing it never write one upload at once: a lease
 * on the upload's row (holder, expiry) renewed while the request runs. A request that finds the
 * lock taken asks its holder to let go (tus requestRelease, a flag the holder reads when it renews)
 * and tries again until it gets it. The same on PostgreSQL and PGlite.
 */
export function createDatabaseLocker(
  rows: LockRows,
  uploadIdOf: (storeId: string) => string,
  timing: Partial<DatabaseLockerTiming> = {},
): Locker {
  const settings = { ...defaults, ...timing };
  return { newLock: (storeId) => new DatabaseLock(uploadIdOf(storeId), rows, settings) };
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly id: string,
    private readonly rows: LockRows,
    private readonly timing: DatabaseLockerTiming,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timing.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw TusFailure.of(ERRORS.ERR_LOCK_TIMEOUT);
      const state = await this.rows.tryLock(this.id, this.holder, this.timing.leaseMs);
      if (state === 'locked') {
        this.keepLease(requestRelease);
        return;
      }
      if (state === 'missing') throw TusFailure.of(ERRORS.FILE_NOT_FOUND);
      await this.rows.requestUnlock(this.id);
      if (Date.now() + this.timing.retryEveryMs > deadline) throw TusFailure.of(ERRORS.ERR_LOCK_TIMEOUT);
      await pause(this.timing.retryEveryMs, signal);
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    await this.rows.unlock(this.id, this.holder);
  }

  /** Renews the lease while the request runs; asked to let go (or the lease lost), tells tus to wind the request down. */
  private keepLease(requestRelease: RequestRelease) {
    let renewing = false;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      void Promise.resolve(requestRelease()).catch(() => undefined);
    };
    this.renewal = setInterval(() => {
      if (renewing) return;
      renewing = true;
      this.rows
        .renewLock(this.id, this.holder, this.timing.leaseMs)
        .then((state) => {
          if (state !== 'held' && this.renewal) release();
        })
        .catch(() => undefined)
        .finally(() => {
          renewing = false;
        });
    }, this.timing.renewEveryMs);
    this.renewal.unref();
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
