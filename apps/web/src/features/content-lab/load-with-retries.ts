/**
 * Spec 000 §4 "Upload flows": loads on demand, trying again after each delay (1 s then 2 s: three
 * tries in all); the last failure is thrown.
 */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (const delay of delaysMs) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}
