import { openDatabase } from '../src/platform/db/database.ts';
import { people, testScheduler } from '../src/modules/email/email-scheduler.fixtures.ts';

/**
 * A worker process of the scheduler's kill test (`email-scheduler.postgres.test.ts`): runs one
 * scheduled send over the test's PostgreSQL database and SMTP server until it is killed.
 * Arguments: database URL, SMTP URL, send id, audience prefix, audience size, batch size.
 */
const [databaseUrl, smtpUrl, sendId, prefix, size, batchSize] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
const { scheduler } = testScheduler(database.db, smtpUrl!, {
  audience: people(prefix!, Number(size)),
  clock: {
    get now() {
      return new Date();
    },
  },
  batchSize: Number(batchSize),
});
await scheduler.runSend(sendId!);
await database.close();
