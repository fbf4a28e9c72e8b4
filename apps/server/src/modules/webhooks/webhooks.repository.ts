import type { WebhookActivity } from '@studio/domain';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import { pagedList, type PageWindow } from '../../platform/db/paged-list.ts';
import type { ActivityWebhookTable, WebhookAttemptTable, WebhookDeliveryTable } from './webhooks.tables.ts';

export type WebhookRow = Selectable<ActivityWebhookTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type AttemptRow = Selectable<WebhookAttemptTable>;

/** A delivery as made, before it is logged. */
export type NewDelivery = Pick<DeliveryRow, 'id' | 'webhook_id' | 'message_id' | 'activity_type' | 'payload'>;

/** One attempt for the log: the delivery's state after it, and the delivery itself when new. */
export interface LogEntry {
  delivery: (NewDelivery & Pick<DeliveryRow, 'status' | 'next_attempt_at'>) | undefined;
  deliveryId: string;
  attempt: Pick<AttemptRow, 'status_code' | 'error' | 'response_excerpt'>;
  state: Pick<DeliveryRow, 'status' | 'next_attempt_at'>;
  /** When set, the attempt failed and the next one is due after this many seconds. */
  retryAfterSeconds: number | undefined;
}

export interface NewWebhook {
  organization_id: string;
  event_id: string | null;
  series_id?: string | null;
  studio_template_id?: string | null;
  url: string;
  description: string;
  activity_types: string[];
  sealed_secret: string;
  is_active: boolean;
  created_by: string;
}

export type WebhookChanges = Partial<
  Pick<WebhookRow, 'url' | 'description' | 'activity_types' | 'is_active' | 'sealed_secret'>
>;

/** Whose endpoints a list shows: an event's, a series', a studio template's, or the organisation-wide ones. */
export type EndpointOwner = { eventId: string } | { seriesId: string } | { templateId: string } | null;

const ownerColumn = (kind: 'event' | 'template') => (kind === 'event' ? 'event_id' : 'studio_template_id');

/** All SQL of webhooks: endpoints, deliveries and their attempts. */
export function createWebhooksRepository(db: Executor) {
  const ofOrganization = (organizationId: string, tx: Executor = db) =>
    tx.selectFrom('activity_webhooks').where('organization_id', '=', organizationId);
  /** The endpoints deliveries go to: a template's wait for the events made from it. */
  const delivering = (organizationId: string, tx?: Executor) =>
    ofOrganization(organizationId, tx).where('studio_template_id', 'is', null);

  return {
    insert: (webhook: NewWebhook) =>
      db.insertInto('activity_webhooks').values(webhook).returningAll().executeTakeFirstOrThrow(),

    list(organizationId: string, owner: EndpointOwner, page: PageWindow) {
      const scoped = ofOrganization(organizationId).where((eb) =>
        owner === null
          ? eb.and([
              eb('event_id', 'is', null),
              eb('series_id', 'is', null),
              eb('studio_template_id', 'is', null),
            ])
          : 'eventId' in owner
            ? eb('event_id', '=', owner.eventId)
            : 'seriesId' in owner
              ? eb('series_id', '=', owner.seriesId)
              : eb('studio_template_id', '=', owner.templateId),
      );
      return pagedList(scoped, scoped.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
    },

    find: (organizationId: string, id: string) =>
      ofOrganization(organizationId).selectAll().where('id', '=', id).executeTakeFirst(),

    findById: (id: string) =>
      db.selectFrom('activity_webhooks').selectAll().where('id', '=', id).executeTakeFirst(),

    update: (organizationId: string, id: string, changes: WebhookChanges & { disabled_reason?: null }) =>
      organizationRows.updateReturning(db, 'activity_webhooks', organizationId, id, changes),

    delete(organizationId: string, id: string): Promise<boolean> {
      return organizationRows.delete(db, 'activity_webhooks', organizationId, id);
    },

    /** Whether the organisation has an endpoint on: asked on every activity, before anything is queued. */
    async anyActive(organizationId: string, tx?: Executor): Promise<boolean> {
      const row = await delivering(organizationId, tx)
        .select('id')
        .where('is_active', '=', true)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The active endpoints that take this activity: the event's own, its series' and the
     * organisation-wide ones.
     */
    subscribersOf: (organizationId: string, eventId: string | null, activityType: string) =>
      delivering(organizationId)
        .selectAll()
        .where('is_active', '=', true)
        .where((eb) => {
          const organizationWide = eb.and([eb('event_id', 'is', null), eb('series_id', 'is', null)]);
          return eventId === null
            ? organizationWide
            : eb.or([
                organizationWide,
                eb('event_id', '=', eventId),
                eb('series_id', '=', eventsReadModel.seriesOf(eventId)),
              ]);
        })
        .where(sql<boolean>`${activityType} = any(activity_types)`)
        .execute(),

    /**
     * A template's endpoints onto an event made from it, or onto its duplicate; an event's own onto
     * a template made from it. Each keeps its URL, activities, state and signing secret (the
     * receiver verifies every copy with the secret it was given). A URL the target already has keeps
     * its endpoint: a template copied again onto an event adds none twice.
     */
    async copyEndpoints(
      source: { kind: 'event' | 'template'; id: string },
      target: { kind: 'event' | 'template'; id: string },
      tx: Executor,
    ): Promise<void> {
      const rows = await tx
        .selectFrom('activity_webhooks')
        .select([
          'organization_id',
          'url',
          'description',
          'activity_types',
          'sealed_secret',
          'is_active',
          'created_by',
        ])
        .where(ownerColumn(source.kind), '=', source.id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('activity_webhooks as kept')
                .select('kept.id')
                .where(`kept.${ownerColumn(target.kind)}`, '=', target.id)
                .whereRef('kept.url', '=', 'activity_webhooks.url'),
            ),
          ),
        )
        .execute();
      if (rows.length === 0) return;
      await tx
        .insertInto('activity_webhooks')
        .values(
          rows.map((row) => ({
            ...row,
            event_id: target.kind === 'event' ? target.id : null,
            studio_template_id: target.kind === 'template' ? target.id : null,
          })),
        )
        .execute();
    },

    insertDeliveries: (
      deliveries: Pick<DeliveryRow, 'webhook_id' | 'message_id' | 'activity_type' | 'payload'>[],
    ) =>
      deliveries.length === 0
        ? Promise.resolve([])
        : db.insertInto('webhook_deliveries').values(deliveries).returning('id').execute(),

    /** A delivery to attempt, with the number of its attempts so far (one read). */
    deliveryToAttempt: (id: string) =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('webhook_attempts')
            .select(eb.fn.countAll<string>().as('count'))
            .whereRef('webhook_attempts.delivery_id', '=', 'webhook_deliveries.id')
            .as('attempts'),
        )
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A delivery of the organisation's endpoint `webhookId`. */
    deliveryOf: (organizationId: string, webhookId: string, id: string) =>
      db
        .selectFrom('webhook_deliveries')
        .innerJoin('activity_webhooks', 'activity_webhooks.id', 'webhook_deliveries.webhook_id')
        .selectAll('webhook_deliveries')
        .where('activity_webhooks.organization_id', '=', organizationId)
        .where('webhook_deliveries.webhook_id', '=', webhookId)
        .where('webhook_deliveries.id', '=', id)
        .executeTakeFirst(),

    deliveries(webhookId: string, page: PageWindow) {
      const scoped = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
      return pagedList(scoped, scoped.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
    },

    attemptsOf: (deliveryIds: readonly string[]) =>
      deliveryIds.length === 0
        ? Promise.resolve([] as AttemptRow[])
        : db
            .selectFrom('webhook_attempts')
            .selectAll()
            .where('delivery_id', 'in', deliveryIds)
            .orderBy('id')
            .execute(),

    /** Of these deliveries, those already logged (a fan-out tried again). */
    /** Writes an activity to the outbox, in `tx` when given: one small row, nothing read. */
    async queueActivity(
      activity: WebhookActivity & { occurredAt: string },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insertInto('webhook_outbox')
        .values({ activity: JSON.stringify(activity) })
        .execute();
    },

    /**
     * Claims up to `limit` activities of the outbox for `seconds` (oldest first, none another
     * worker holds), in one statement; `tries` counts the claims, this one included.
     */
    claimActivities: (limit: number, seconds: number) =>
      db
        .updateTable('webhook_outbox')
        .set({
          claimed_until: sql<Date>`now() + make_interval(secs => ${seconds})`,
          tries: sql<number>`tries + 1`,
        })
        .where(
          'id',
          'in',
          db
            .selectFrom('webhook_outbox')
            .select('id')
            .where((eb) =>
              eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]),
            )
            .orderBy('id')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning([sql<string>`id::text`.as('id'), 'activity', 'tries'])
        .execute(),

    /** The fanned-out activities leave the outbox. */
    async doneActivities(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await db.deleteFrom('webhook_outbox').where('id', 'in', ids).execute();
    },

    loggedDeliveries: async (ids: readonly string[]) =>
      (await db.selectFrom('webhook_deliveries').select('id').where('id', 'in', ids).execute()).map(
        (row) => row.id,
      ),

    /**
     * Attempts and their deliveries' states: new deliveries with their attempts in one statement;
     * a transaction only when earlier deliveries change state or `alsoIn` adds its own statements.
     */
    async recordAttempts(
      entries: readonly LogEntry[],
      alsoIn?: (tx: Executor) => Promise<void>,
    ): Promise<void> {
      const created = entries.flatMap((entry) => (entry.delivery ? [entry.delivery] : []));
      const attempts = entries.map((entry) => ({ delivery_id: entry.deliveryId, ...entry.attempt }));
      const insert = (tx: Executor) =>
        created.length === 0
          ? tx.insertInto('webhook_attempts').values(attempts).execute()
          : tx
              .with('created', (cte) => cte.insertInto('webhook_deliveries').values(created))
              .insertInto('webhook_attempts')
              .values(attempts)
              .execute();
      const settled = entries.filter((entry) => !entry.delivery);
      if (settled.length === 0 && !alsoIn) {
        await insert(db);
        return;
      }
      await db.transaction().execute(async (tx) => {
        await insert(tx);
        for (const entry of settled)
          await tx
            .updateTable('webhook_deliveries')
            .set(entry.state)
            .where('id', '=', entry.deliveryId)
            .execute();
        await alsoIn?.(tx);
      });
    },

    reopen: (deliveryId: string) =>
      db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: null })
        .where('id', '=', deliveryId)
        .execute(),

    /** After a delivery's last failure: the count of deliveries in a row that failed for good. */
    async countFailure(webhookId: string): Promise<WebhookRow | undefined> {
      return db
        .updateTable('activity_webhooks')
        .set((eb) => ({ failed_deliveries_in_a_row: eb('failed_deliveries_in_a_row', '+', 1) }))
        .where('id', '=', webhookId)
        .returningAll()
        .executeTakeFirst();
    },

    countSuccess: (webhookId: string) =>
      db
        .updateTable('activity_webhooks')
        .set({ failed_deliveries_in_a_row: 0 })
        .where('id', '=', webhookId)
        .where('failed_deliveries_in_a_row', '>', 0)
        .execute(),

    /** Turns the endpoint off: its organisation, if it still exists. */
    async disable(webhookId: string, reason: string): Promise<string | undefined> {
      const row = await db
        .updateTable('activity_webhooks')
        .set({ is_active: false, disabled_reason: reason })
        .where('id', '=', webhookId)
        .returning('organization_id')
        .executeTakeFirst();
      return row?.organization_id;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
