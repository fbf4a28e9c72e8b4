import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Prefix of the hidden siblings outputs are written into; anything carrying it is unfinished. */
export const PARTIAL_PREFIX = '.partial-';

/**
 * Has `write` produce `target` in a hidden sibling (a directory when `directory` is set), then
 * renames it into place. Readers see the previous output or the complete new one, never a
 * half-written one; on failure the sibling is removed and `target` is left as it was.
 */
export async function writeAtomically<T>(
  target: string,
  write: (workPath: string) => Promise<T>,
  { directory = false }: { directory?: boolean } = {},
): Promise<T> {
  const workPath = join(dirname(target), `${PARTIAL_PREFIX}${randomUUID()}-${basename(target)}`);
  await mkdir(directory ? workPath : dirname(target), { recursive: true });
  try {
    const result = await write(workPath);
    await (directory ? replaceDirectory(workPath, target) : rename(workPath, target));
    return result;
  } catch (error) {
    await rm(workPath, { recursive: true, force: true });
    throw error;
  }
}

/** rename() cannot replace a non-empty directory: move the old one aside first, then drop it. */
async function replaceDirectory(workPath: string, target: string): Promise<void> {
  const previous = join(dirname(target), `${PARTIAL_PREFIX}${randomUUID()}-previous-${basename(target)}`);
  const hadPrevious = await rename(target, previous).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(workPath, target);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
