import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { loadSecretKey } from '../platform/secrets.ts';
import { buildStudioServers } from '../studio.ts';
import { seedDemo } from './demo-seed.ts';

/**
 * `npm run seed:demo`: the studio as `npm start` configures it (DATA_DIR, DATABASE_URL …), built
 * with the worker role so the pipeline processes the demo videos in this process, then closed.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const secretKey = await loadSecretKey(config.dataDir, config.secretKey);
    // Request logs would bury the progress lines: warnings only, unless LOG_LEVEL asks otherwise.
    const logLevel = process.env.LOG_LEVEL ? config.logLevel : 'warn';
    const {
      studio: app,
      attendeeSite,
      operatorFlags,
    } = await buildStudioServers({ ...config, logLevel, role: 'worker' }, database, secretKey);
    try {
      await app.ready();
      console.log(`Seeding the demo (database: ${database.kind}, data: ${config.dataDir})`);
      const result = await seedDemo({
        app,
        attendeeSite,
        database,
        operatorFlags,
        secretKey,
        report: (line) => console.log(line),
      });
      const failed = result.videos.filter((video) => video.transcode_status !== 'COMPLETE');
      if (result.created) console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      console.log(`\nStart the studio (npm start), open ${config.publicUrl} and sign in:`);
      console.log(`  email:    ${result.signIn.email}\n  password: ${result.signIn.password}`);
      if (failed.length > 0) {
        console.error(
          `\n${failed.length} demo video(s) ended in ERROR: ${failed.map((video) => video.name).join(', ')}`,
        );
        process.exitCode = 1;
      }
      if (result.fillerSlide && result.fillerSlide.broadcast_filler_state !== 'GENERATED') {
        console.error(`\nThe demo filler slide ended in ${result.fillerSlide.broadcast_filler_state}`);
        process.exitCode = 1;
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
