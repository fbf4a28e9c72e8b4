import type { TestStudio } from '../../../test/harness.ts';

/** A notification's messages as stored (status, attempts, where each went and why), oldest first. */
export const slackMessagesOf = (studio: TestStudio, notificationId: string) =>
  studio.database.db
    .selectFrom('slack_messages')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .orderBy('created_at')
    .execute();
