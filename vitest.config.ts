import { defineConfig } from 'vitest/config';

/**
 * The embedded database's own ground: its dialect, job queue, realtime and migrations, the
 * registration capacity and uploads' locking (each has PGlite branches), and the RTMP ingest,
 * which touches no database and runs once.
 */
const EMBEDDED_GROUND = [
  'apps/server/src/platform/**/*.test.ts',
  'apps/server/src/modules/registration/**/*.test.ts',
  'apps/server/src/modules/uploads/**/*.test.ts',
  'apps/server/src/modules/health/**/*.test.ts',
  'apps/server/src/modules/event-invitations/bulk-invitations.test.ts',
];

const serverProject = (
  name: string,
  database: 'pglite' | 'postgres',
  include = ['apps/server/src/**/*.test.ts'],
) => ({
  test: {
    name,
    include,
    // PostgreSQL-only behaviour (LISTEN/NOTIFY) lives in *.postgres.test.ts.
    // The RTMP ingest touches no database: it runs once, on the embedded one.
    exclude:
      database === 'pglite'
        ? ['**/*.postgres.test.ts', '**/node_modules/**']
        : ['apps/server/src/platform/rtmp/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every file builds its own studio over its own database, so the files of a worker can share
    // the studio's imported modules instead of importing them again each (0.61x the project's time).
    isolate: false,
    env: { STUDIO_TEST_DATABASE: database },
    // Each file's database starts from one migrated template (PGlite: instead of initdb;
    // PostgreSQL: instead of every migration).
    globalSetup: [`./apps/server/test/${database}-template.ts`],
  },
});

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; much of the suite waits on PostgreSQL, ffmpeg or
    // the browser, so two files at a time finish sooner.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'media',
          include: ['packages/media/src/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // The server suite runs on the embedded database; when TEST_DATABASE_URL names a server
      // (CI), it runs on PostgreSQL and the embedded database keeps its own ground — the e2e
      // journeys run the built studio on the embedded database too.
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server', 'pglite', EMBEDDED_GROUND), serverProject('server:postgres', 'postgres')]
        : [serverProject('server', 'pglite')]),
      // The screens' files share a worker's imported modules (React, Mantine…) instead of importing
      // them again each (0.66x the project's time); a file that mocks an outside library's module
      // (*.isolated.test.tsx) gets modules of its own, as a mock cannot replace a module already loaded.
      {
        extends: './apps/web/vite.config.ts',
        root: 'apps/web',
        test: {
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.isolated.test.tsx'],
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: 'apps/web',
        test: { name: 'web:isolated', include: ['src/**/*.isolated.test.tsx'] },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A page under a loaded CI machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          // The studio's first start (its database created and migrated) is made once; each
          // journey's studio starts on a copy.
          globalSetup: ['./e2e/support/data-template.ts'],
          // Each file starts its own studio (free ports, its own data directory), so e2e files share
          // the two slots with the rest: a one-at-a-time project would run last, leaving a slot idle.
        },
      },
    ],
  },
});
