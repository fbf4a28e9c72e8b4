import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults for a newcomer', () => {
    const config = loadConfig({}, ['node', 'main.ts']);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      role: 'all',
    });
  });

  it('reads every variable and the role flag', () => {
    const config = loadConfig(
      { PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db', PUBLIC_URL: 'https://studio.example.com/' },
      ['node', 'main.ts', '--role', 'worker'],
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://h/db',
      publicUrl: 'https://studio.example.com',
      role: 'worker',
    });
    expect(loadConfig({}, ['node', 'main.ts', '--role=api']).role).toBe('api');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SECRET_KEY: 'short' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', SECRET_KEY: 'short' }, [])).toThrow(/PORT[\s\S]*SECRET_KEY/);
    expect(() => loadConfig({}, ['node', 'main.ts', '--role', 'boss'])).toThrow(/--role/);
  });
});
