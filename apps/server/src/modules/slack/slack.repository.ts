import { sql, type Insertable, type Selectable } from 'kysely';
import { SLACK_SUMMARY_KINDS } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import { pagedList, type PageWindow } from '../../platform/db/paged-list.ts';
import type { SlackConnectionTable, SlackMessageTable, SlackNotificationTable } from './slack.tables.ts';

export type SlackConnectionRow = Selectable<SlackConnectionTable>;
export type SlackNotificationRow = Selectable<SlackNotificationTable>;
export type SlackMessageRow = Selectable<SlackMessageTable>;

export type SlackNotificationChanges = Partial<
  Pick<
    SlackNotificationRow,
    | 'channel_id'
    | 'channel_name'
    | 'notification_types'
    | 'salesforce_owner_type'
    | 'also_to_channel'
    | 'is_active'
  >
>;

/** All SQL of Slack: the organisation's connection, events' notifications, their messages. */
export function createSlackRepository(db: Executor) {
  const notificationsOf = (organizationId: string, tx: Executor = db) =>
    tx.selectFrom('slack_notifications').where('organization_id', '=', organizationId);

  return {
    connectionOf: (organizationId: string) =>
      db
        .selectFrom('slack_connections')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .executeTakeFirst(),

    saveConnection: (connection: Insertable<SlackConnectionTable>) =>
      db
        .insertInto('slack_connections')
        .values(connection)
        .onConflict((conflict) =>
          conflict.column('organization_id').doUpdateSet({
            team_id: connection.team_id,
            team_name: connection.team_name ?? '',
            bot_user_id: connection.bot_user_id ?? '',
            sealed_token: connection.sealed_token,
            connected_by: connection.connected_by ?? null,
            connected_at: sql<Date>`now()`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    deleteConnection: (organizationId: string) =>
      db.deleteFrom('slack_connections').where('organization_id', '=', organizationId).execute(),

    insertNotification: (notification: Insertable<SlackNotificationTable>) =>
      db.insertInto('slack_notifications').values(notification).returningAll().executeTakeFirstOrThrow(),

    listNotifications(organizationId: string, eventId: string, page: PageWindow) {
      const scoped = notificationsOf(organizationId).where('event_id', '=', eventId);
      return pagedList(scoped, scoped.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
    },

    findNotification: (organizationId: string, id: string) =>
      notificationsOf(organizationId).selectAll().where('id', '=', id).executeTakeFirst(),

    updateNotification: (
      organizationId: string,
      id: string,
      changes: SlackNotificationChanges & { last_error?: null },
    ) => organizationRows.updateReturning(db, 'slack_notifications', organizationId, id, changes),

    deleteNotification: (organizationId: string, id: string) =>
      organizationRows.delete(db, 'slack_notifications', organizationId, id),

    /** The active notifications of the event that post this kind, and where to: asked on every activity (one indexed read). */
    subscribersOf: (organizationId: string, eventId: string, kind: string, tx?: Executor) =>
      notificationsOf(organizationId, tx)
        .select(['id', 'channel_id', 'salesforce_owner_type', 'also_to_channel'])
        .where('event_id', '=', eventId)
        .where('is_active', '=', true)
        .where(sql<boolean>`${kind} = any(notification_types)`)
        .execute(),

    /** Every active notification that posts a summary, of every organisation (the summaries' sweep). */
    summaryNotifications: () =>
      db
        .selectFrom('slack_notifications')
        .select(['id', 'organization_id', 'event_id', 'notification_types'])
        .where('is_active', '=', true)
        .where(sql<boolean>`notification_types && array[${sql.join([...SLACK_SUMMARY_KINDS])}]::text[]`)
        .execute(),

    /** A summary, once per notification, kind and occasion: undefined when it was already written. */
    insertSummary: async (
      summary: Pick<SlackMessageRow, 'notification_id' | 'kind' | 'body'> & { occasion: Date },
    ) =>
      (
        await db
          .insertInto('slack_messages')
          .values(summary)
          .onConflict((conflict) =>
            conflict
              .columns(['notification_id', 'kind', 'occasion'])
              .where('occasion', 'is not', null)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst()
      )?.id,

    insertMessages: (
      messages: (Pick<SlackMessageRow, 'notification_id' | 'kind' | 'body'> &
        Partial<Pick<SlackMessageRow, 'registrant_email'>>)[],
    ) =>
      messages.length === 0
        ? Promise.resolve([])
        : db.insertInto('slack_messages').values(messages).returning('id').execute(),

    /** A message with what posting it needs: its notification's channel, owner type and organisation. */
    messageToPost: (id: string) =>
      db
        .selectFrom('slack_messages')
        .innerJoin('slack_notifications', 'slack_notifications.id', 'slack_messages.notification_id')
        .selectAll('slack_messages')
        .select([
          'slack_notifications.organization_id',
          'slack_notifications.event_id',
          'slack_notifications.channel_id',
          'slack_notifications.salesforce_owner_type',
          'slack_notifications.also_to_channel',
          'slack_notifications.is_active',
        ])
        .where('slack_messages.id', '=', id)
        .executeTakeFirst(),

    /** Where a message to an owner goes, once found (kept across its attempts). */
    routeMessage: (id: string, route: Pick<SlackMessageRow, 'recipient' | 'routing_note'>) =>
      db.updateTable('slack_messages').set(route).where('id', '=', id).execute(),

    /** The messages of a notification, newest first (tests and the studio's last error). */
    messagesOf: (notificationId: string) =>
      db
        .selectFrom('slack_messages')
        .selectAll()
        .where('notification_id', '=', notificationId)
        .orderBy('created_at', 'desc')
        .execute(),

    /** One attempt's outcome; a lasting failure is also shown on the notification. */
    recordAttempt: (
      message: Pick<SlackMessageRow, 'id' | 'notification_id'>,
      outcome: Pick<SlackMessageRow, 'status' | 'last_error'>,
    ) =>
      db.transaction().execute(async (tx) => {
        await tx
          .updateTable('slack_messages')
          .set((eb) => ({
            ...outcome,
            attempts: eb('attempts', '+', 1),
            sent_at: outcome.status === 'sent' ? sql<Date>`now()` : null,
          }))
          .where('id', '=', message.id)
          .execute();
        if (outcome.status === 'pending') return;
        await tx
          .updateTable('slack_notifications')
          .set({ last_error: outcome.status === 'failed' ? outcome.last_error : null })
          .where('id', '=', message.notification_id)
          .execute();
      }),
  };
}

export type SlackRepository = ReturnType<typeof createSlackRepository>;
