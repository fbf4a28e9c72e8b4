import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/harness.ts';
import { loadSecretKey } from './secrets.ts';

describe('secret key', () => {
  it('is generated once, kept private under DATA_DIR and reused', async () => {
    const dir = await tempDir('studio-secret-');
    try {
      const first = await loadSecretKey(dir.path, undefined);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await loadSecretKey(dir.path, undefined)).toBe(first);
      expect((await stat(path.join(dir.path, 'secret-key'))).mode & 0o777).toBe(0o600);
    } finally {
      await dir.remove();
    }
  });

  it('prefers the configured key', async () => {
    expect(await loadSecretKey('/nonexistent', 'k'.repeat(40))).toBe('k'.repeat(40));
  });
});
