import { ConfigError, loadConfig } from './config.ts';
import { runAdminCommand } from './admin-command.ts';
import { createOperatorFlags } from './modules/organizations/operator-flags.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { createStudioUsageRepository } from './modules/studio-usage/studio-usage.repository.ts';
import { openDatabase } from './platform/db/database.ts';
import { HttpError } from './platform/http/errors.ts';
import { createPubSub } from './platform/realtime/realtime.ts';

/**
 * `npm run admin -- flags …`: the operator's switches of an organisation (plan and feature flags);
 * `npm run admin -- usage`: the studio's own usage analytics; on the database `npm start` uses
 * (DATA_DIR, DATABASE_URL). Customers never see these flags.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // On PostgreSQL a set is told to the running studio's nodes, which forget their copies of the flags.
  const pubsub = createPubSub(database, { warn: (object, message) => console.warn(message, object) });
  try {
    const lines = await runAdminCommand(
      {
        flags: createOperatorFlags(createOrganizationsRepository(database.db), pubsub),
        usage: createStudioUsageRepository(database.db),
      },
      process.argv.slice(2),
    );
    console.log(lines.join('\n'));
  } finally {
    await pubsub.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof HttpError ? error.message : error);
  process.exit(1);
});
