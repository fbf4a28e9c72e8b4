import { checkMediaTools, describeMediaTools, useMediaBinaries } from '@studio/media';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { loadSecretKey } from './platform/secrets.ts';
import { buildStudioServers } from './studio.ts';

/** Composition root: config → platform → modules → listen; graceful stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Which ffmpeg/ffprobe video processing uses, or a clear warning that it has none.
  useMediaBinaries({ ffmpeg: config.media.ffmpegPath, ffprobe: config.media.ffprobePath });
  const mediaTools = await checkMediaTools();
  for (const line of describeMediaTools(mediaTools)) (mediaTools.ready ? console.log : console.warn)(line);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const secretKey = await loadSecretKey(config.dataDir, config.secretKey);
  const { studio: app, attendeeSite } = await buildStudioServers(config, database, secretKey);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    // close() stops accepting, waits for in-flight requests (the attendee site closes with the
    // studio, its onClose), then we close the database.
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'unclean stop');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // --role worker: the job workers only (they start when the app is ready); --role ingest: the RTMP
  // listener only (started with the app). Neither listens for HTTP.
  if (config.role === 'worker' || config.role === 'ingest') {
    await app.ready();
    console.log(`Event Studio ${config.role} is running (database: ${database.kind})`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  // The attendee origin (magic links, the event app's entrance): its own port, in api and all.
  await attendeeSite.listen({ port: config.eventsPort, host: config.eventsHost });
  const portOf = (server: typeof app.server, fallback: number) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : fallback;
  };
  console.log(
    `Event Studio is running at http://localhost:${portOf(app.server, config.port)} (database: ${database.kind}, role: ${config.role}); attendee site on port ${portOf(attendeeSite.server, config.eventsPort)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
