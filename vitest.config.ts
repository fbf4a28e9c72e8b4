import { defineConfig } from 'vitest/config';

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    // PostgreSQL-only behaviour (LISTEN/NOTIFY) lives in *.postgres.test.ts.
    // The RTMP ingest touches no database: it runs once, on the embedded one.
    exclude:
      database === 'pglite'
        ? ['**/*.postgres.test.ts', '**/node_modules/**']
        : ['apps/server/src/platform/rtmp/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { STUDIO_TEST_DATABASE: database },
    // Each file's embedded database starts from one migrated template instead of initdb.
    ...(database === 'pglite' && { globalSetup: ['./apps/server/test/pglite-template.ts'] }),
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; much of the suite waits on PostgreSQL, ffmpeg or
    // the browser, so two files at a time finish sooner.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'media', include: ['packages/media/src/**/*.test.ts'], testTimeout: 120_000 } },
      // The server suite runs on the embedded database always, and on PostgreSQL as well when
      // TEST_DATABASE_URL names a server.
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page under a loaded CI machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own studio (free ports, its own data directory), so e2e files share
          // the two slots with the rest: a one-at-a-time project would run last, leaving a slot idle.
        },
      },
    ],
  },
});
