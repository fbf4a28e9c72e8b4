import {
  CRM_TYPES,
  type CrmPushedStatus,
  type CrmType,
  type FieldMappingEntry,
  type IntegrationContext,
  type IntegrationType,
  type MappedType,
} from '@studio/domain';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type OnConflictDatabase,
  type OnConflictTables,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
/** The marketing automation connectors a registrant is pushed to, besides the CRMs. */
export const PUSHED_MARKETING_TYPES = ['marketo', 'pardot', 'eloqua'] as const;
export type PushedMarketingType = (typeof PUSHED_MARKETING_TYPES)[number];
/** Where a registrant is pushed: a CRM or a marketing connector (a `crm_syncs` row each). */
export const PUSHED_TYPES = [...CRM_TYPES, ...PUSHED_MARKETING_TYPES] as const;
export type PushedType = (typeof PUSHED_TYPES)[number];

import type { Executor } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { TemplateCopyLink } from '../back-office/event-copy.ts';
import { eventsReadModel } from '../back-office/events.read-model.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import type {
  CrmConnectionTable,
  CrmContextSettingsTable,
  CrmEventSettingsTable,
  CrmFieldMappingTable,
  CrmSyncTable,
} from './integrations.tables.ts';

/** Where a push that went through took the person: their status, to this program, list or form. */
export interface Reached {
  status: CrmPushedStatus;
  target: string;
}

/** What the person's earlier pushes to a CRM left: where they reached, the Marketo profile activity sent. */
export interface LastPush {
  reached: Reached | null;
  marketoProfileActivity: string | null;
}

/** One person's push to one CRM for one event (their crm_syncs row). */
interface SyncRow {
  organizationId: string;
  eventId: string;
  crmType: PushedType;
  email: string;
}

export type ConnectionRow = Selectable<CrmConnectionTable>;
export type EventSettingsRow = Selectable<CrmEventSettingsTable>;
export type MappingRow = Selectable<CrmFieldMappingTable>;
export type ContextSettingsRow = Selectable<CrmContextSettingsTable>;
/** A studio template or a series, as an owner of an integration template. */
export interface ContextKey {
  entityType: IntegrationContext;
  entityId: string;
}

/** Who a connection belongs to: the organisation (workspaceId null) or one of its teams. */
export interface ConnectionOwner {
  organizationId: string;
  workspaceId: string | null;
}

/** Whose connection is asked for: an event's (its team's) or a team's, falling back to the organisation's. */
export type ConnectionUser = { eventId: string } | { workspaceId: string };

export interface MappingKey {
  organizationId: string;
  crmType: MappedType;
  objectType: string;
  entityType: string;
  entityId: string;
}

const ownedBy = (owner: ConnectionOwner) => (eb: ExpressionBuilder<Database, 'crm_connections'>) =>
  eb.and([
    eb('organization_id', '=', owner.organizationId),
    owner.workspaceId === null ? eb('workspace_id', 'is', null) : eb('workspace_id', '=', owner.workspaceId),
  ]);

/** All SQL of the CRM connectors: connections, event settings, field mappings, registrant pushes. */
export function createIntegrationsRepository(db: Executor) {
  const mapping = (key: MappingKey, tx: Executor = db) =>
    tx
      .selectFrom('crm_field_mappings')
      .where('organization_id', '=', key.organizationId)
      .where('crm_type', '=', key.crmType)
      .where('crm_object_type', '=', key.objectType)
      .where('entity_type', '=', key.entityType)
      .where('entity_id', '=', key.entityId);

  const saveMapping = (
    key: MappingKey,
    entries: readonly FieldMappingEntry[],
    isDefault: boolean,
    tx: Executor = db,
  ) => {
    const values = { entries: JSON.stringify(entries), is_default: isDefault, updated_at: new Date() };
    return tx
      .insertInto('crm_field_mappings')
      .values({
        organization_id: key.organizationId,
        crm_type: key.crmType,
        crm_object_type: key.objectType,
        entity_type: key.entityType,
        entity_id: key.entityId,
        ...values,
      })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'crm_type', 'crm_object_type', 'entity_type', 'entity_id'])
          .doUpdateSet(values),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  /**
   * What travels with a template (spec 001 §7 "copy integration template data"): the source's CRM
   * settings and field mappings onto the target, each of them a template or an event; the
   * target's own rows of the same CRM (and object) are replaced.
   */
  async function copyIntegrations(
    source: { kind: 'event' | 'template'; id: string },
    target: { kind: 'event' | 'template'; id: string },
    tx: Executor,
  ): Promise<void> {
    const settings =
      source.kind === 'event'
        ? await tx.selectFrom('crm_event_settings').selectAll().where('event_id', '=', source.id).execute()
        : await tx
            .selectFrom('crm_context_settings')
            .selectAll()
            .where('entity_type', '=', 'STUDIO_TEMPLATE')
            .where('entity_id', '=', source.id)
            .execute();
    for (const row of settings) {
      const values = {
        is_enabled: row.is_enabled,
        campaign_member_status: row.campaign_member_status,
        hubspot_portal_id: row.hubspot_portal_id,
      };
      if (target.kind === 'event')
        await tx
          .insertInto('crm_event_settings')
          .values({
            event_id: target.id,
            crm_type: row.crm_type,
            salesforce_campaign_id: null,
            salesforce_campaign_name: null,
            ...values,
          })
          .onConflict((oc) => oc.columns(['event_id', 'crm_type']).doUpdateSet(values))
          .execute();
      else
        await tx
          .insertInto('crm_context_settings')
          .values({
            entity_type: 'STUDIO_TEMPLATE',
            entity_id: target.id,
            crm_type: row.crm_type,
            ...values,
          })
          .onConflict((oc) => oc.columns(['entity_type', 'entity_id', 'crm_type']).doUpdateSet(values))
          .execute();
    }
    const entityType = (kind: 'event' | 'template') => (kind === 'event' ? 'EVENT' : 'STUDIO_TEMPLATE');
    const mappings = await tx
      .selectFrom('crm_field_mappings')
      .selectAll()
      .where('entity_type', '=', entityType(source.kind))
      .where('entity_id', '=', source.id)
      .execute();
    for (const row of mappings)
      await saveMapping(
        {
          organizationId: row.organization_id,
          crmType: row.crm_type as CrmType,
          objectType: row.crm_object_type,
          entityType: entityType(target.kind),
          entityId: target.id,
        },
        row.entries,
        row.is_default,
        tx,
      );
  }

  /** The person's crm_syncs row written (inserted, or updated where `updatable` holds). */
  const upsertSync = (
    row: SyncRow,
    values: Updateable<CrmSyncTable>,
    tx: Executor = db,
    /** When given, an existing row is updated only where it holds. */
    updatable?: (
      eb: ExpressionBuilder<OnConflictDatabase<Database, 'crm_syncs'>, OnConflictTables<'crm_syncs'>>,
    ) => Expression<SqlBool>,
  ) =>
    tx
      .insertInto('crm_syncs')
      .values({
        organization_id: row.organizationId,
        event_id: row.eventId,
        crm_type: row.crmType,
        email: row.email.toLowerCase(),
        crm_record_id: null,
        ...values,
      })
      .onConflict((oc) => {
        const update = oc.columns(['event_id', 'crm_type', 'email']).doUpdateSet(values);
        return updatable ? update.where(updatable) : update;
      });

  return {
    connections: (owner: ConnectionOwner) =>
      db.selectFrom('crm_connections').selectAll().where(ownedBy(owner)).execute(),

    connection: (owner: ConnectionOwner, crmType: IntegrationType) =>
      db
        .selectFrom('crm_connections')
        .selectAll()
        .where(ownedBy(owner))
        .where('crm_type', '=', crmType)
        .executeTakeFirst(),

    /** The organisation's connection, and the team's (the event's team, if it has one). */
    connectionsFor: (
      organizationId: string,
      crmType: IntegrationType,
      user: ConnectionUser | undefined,
      tx: Executor = db,
    ) =>
      tx
        .selectFrom('crm_connections')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('crm_type', '=', crmType)
        .where((eb) =>
          user === undefined
            ? eb('workspace_id', 'is', null)
            : eb.or([
                eb('workspace_id', 'is', null),
                eb(
                  'workspace_id',
                  '=',
                  'workspaceId' in user
                    ? user.workspaceId
                    : eventsReadModel.workspaceOf(sql.val(user.eventId)),
                ),
              ]),
        )
        .execute(),

    /** Whether the organisation, or one of its teams, has an authenticated Marketo connection. */
    anyMarketo: async (organizationId: string, tx: Executor = db) =>
      (await tx
        .selectFrom('crm_connections')
        .select('crm_type')
        .where('organization_id', '=', organizationId)
        .where('crm_type', '=', 'marketo')
        .where('authenticated_at', 'is not', null)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    saveConnection: (row: Insertable<CrmConnectionTable>) =>
      db
        .insertInto('crm_connections')
        .values(row)
        .onConflict((oc) => oc.columns(['organization_id', 'crm_type', 'workspace_id']).doUpdateSet(row))
        .returningAll()
        .executeTakeFirstOrThrow(),

    updateConnection: (owner: ConnectionOwner, crmType: IntegrationType, changes: Partial<ConnectionRow>) =>
      db
        .updateTable('crm_connections')
        .set(changes)
        .where(ownedBy(owner))
        .where('crm_type', '=', crmType)
        .returningAll()
        .executeTakeFirst(),

    async deleteConnection(owner: ConnectionOwner, crmType: IntegrationType): Promise<boolean> {
      const deleted = await db
        .deleteFrom('crm_connections')
        .where(ownedBy(owner))
        .where('crm_type', '=', crmType)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },

    /**
     * The connected CRMs and marketing connectors the event's registrants go to (not switched off
     * for it): the organisation's, and its team's (`workspace_id` set), in one read.
     */
    pushedConnections: (organizationId: string, eventId: string, tx: Executor = db) =>
      tx
        .selectFrom('crm_connections as c')
        .leftJoin('crm_event_settings as s', (join) =>
          join.onRef('s.crm_type', '=', 'c.crm_type').on('s.event_id', '=', eventId),
        )
        .select(['c.crm_type', 'c.workspace_id'])
        .where('c.organization_id', '=', organizationId)
        .where((eb) =>
          eb.or([
            eb('c.workspace_id', 'is', null),
            eb('c.workspace_id', '=', eventsReadModel.workspaceOf(sql.val(eventId))),
          ]),
        )
        .where('c.crm_type', 'in', PUSHED_TYPES)
        .where('c.authenticated_at', 'is not', null)
        .where((eb) => eb.or([eb('s.is_enabled', 'is', null), eb('s.is_enabled', '=', true)]))
        .execute() as Promise<{ crm_type: PushedType; workspace_id: string | null }[]>,

    eventSettings: (eventId: string) =>
      db.selectFrom('crm_event_settings').selectAll().where('event_id', '=', eventId).execute(),

    eventSetting: (eventId: string, crmType: CrmType) =>
      db
        .selectFrom('crm_event_settings')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('crm_type', '=', crmType)
        .executeTakeFirst(),

    saveEventSetting: (
      eventId: string,
      crmType: CrmType,
      changes: Partial<Omit<EventSettingsRow, 'event_id' | 'crm_type'>>,
    ) =>
      db
        .insertInto('crm_event_settings')
        .values({
          event_id: eventId,
          crm_type: crmType,
          salesforce_campaign_id: null,
          salesforce_campaign_name: null,
          campaign_member_status: null,
          hubspot_portal_id: null,
          ...changes,
        })
        // `crm_type` (its own value) keeps the update never empty: a change of nothing answers the row.
        .onConflict((oc) =>
          oc.columns(['event_id', 'crm_type']).doUpdateSet({ ...changes, crm_type: crmType }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    contextSettings: (key: ContextKey) =>
      db
        .selectFrom('crm_context_settings')
        .selectAll()
        .where('entity_type', '=', key.entityType)
        .where('entity_id', '=', key.entityId)
        .execute(),

    saveContextSetting: (
      key: ContextKey,
      crmType: CrmType,
      changes: Partial<
        Pick<ContextSettingsRow, 'is_enabled' | 'campaign_member_status' | 'hubspot_portal_id'>
      >,
    ) =>
      db
        .insertInto('crm_context_settings')
        .values({
          entity_type: key.entityType,
          entity_id: key.entityId,
          crm_type: crmType,
          campaign_member_status: null,
          hubspot_portal_id: null,
          ...changes,
        })
        // `crm_type` (its own value) keeps the update never empty: a change of nothing answers the row.
        .onConflict((oc) =>
          oc.columns(['entity_type', 'entity_id', 'crm_type']).doUpdateSet({ ...changes, crm_type: crmType }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    copyIntegrations,

    /**
     * "Copy integration template data to an event" (spec 001 §7), with the other areas' parts of
     * it (`also`), in one transaction.
     */
    copyTemplateOntoEvent: (templateId: string, eventId: string, also: TemplateCopyLink) =>
      db.transaction().execute(async (tx) => {
        const source = { kind: 'template', id: templateId } as const;
        const target = { kind: 'event', id: eventId } as const;
        await copyIntegrations(source, target, tx);
        await also.copy(source, target, tx);
      }),

    mapping: (key: MappingKey) => mapping(key).selectAll().executeTakeFirst(),

    /** The object types an event has mappings for, with their rows. */
    mappingsOfEntity: (organizationId: string, crmType: MappedType, entityId: string) =>
      db
        .selectFrom('crm_field_mappings')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('crm_type', '=', crmType)
        .where('entity_id', '=', entityId)
        .execute(),

    saveMapping,

    /** Events whose registrants went to Marketo, ended by `now`, not moved to No Show yet. */
    endedMarketoEvents: (now: Date) =>
      db
        .selectFrom('crm_syncs')
        .select(['event_id', 'organization_id'])
        .distinct()
        .where('crm_type', '=', 'marketo')
        .where(eventsReadModel.timeOf(sql.ref('crm_syncs.event_id'), 'end_time'), '<=', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('marketo_no_shows')
                .select('marketo_no_shows.event_id')
                .whereRef('marketo_no_shows.event_id', '=', 'crm_syncs.event_id'),
            ),
          ),
        )
        .execute(),

    /** The Marketo lead ids of the event's registrants holding a seat who never attended. */
    async noShowLeadIds(eventId: string): Promise<number[]> {
      const emails = (
        await usersReadModel.contactsOf(registrationReadModel.attendanceIdsOf(eventId, false)).execute(db)
      ).rows.map((row) => row.email.toLowerCase());
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('crm_syncs')
        .select(['email', 'crm_record_id'])
        .where('event_id', '=', eventId)
        .where('crm_type', '=', 'marketo')
        .where('crm_record_id', 'is not', null)
        .execute();
      const wanted = new Set(emails);
      return rows
        .filter((row) => wanted.has(row.email.toLowerCase()))
        .map((row) => Number(row.crm_record_id));
    },

    /**
     * The Marketo lead a person of the event was pushed as (its crm_syncs row): undefined when the
     * person was never pushed, a null lead while the first push is on its way (or failed).
     */
    async marketoLeadOf(eventId: string, userId: string): Promise<{ leadId: number | null } | undefined> {
      const [person] = (await usersReadModel.contactsOf(sql`${userId}`).execute(db)).rows;
      if (!person) return undefined;
      const row = await db
        .selectFrom('crm_syncs')
        .select('crm_record_id')
        .where('event_id', '=', eventId)
        .where('crm_type', '=', 'marketo')
        .where('email', '=', person.email.toLowerCase())
        .executeTakeFirst();
      return row && { leadId: row.crm_record_id === null ? null : Number(row.crm_record_id) };
    },

    profileActivitySent: (eventId: string, email: string, activity: string) =>
      db
        .updateTable('crm_syncs')
        .set({ marketo_profile_activity: activity })
        .where('event_id', '=', eventId)
        .where('crm_type', '=', 'marketo')
        .where('email', '=', email.toLowerCase())
        .execute(),

    /** Records the event's No Show as done; false when it already was (another worker). */
    async markNoShowDone(row: { event_id: string; program_id: string; lead_count: number; done_at: Date }) {
      const inserted = await db
        .insertInto('marketo_no_shows')
        .values(row)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async deleteMapping(key: MappingKey): Promise<boolean> {
      const found = await mapping(key).select('id').executeTakeFirst();
      if (!found) return false;
      await db.deleteFrom('crm_field_mappings').where('id', '=', found.id).execute();
      return true;
    },

    /** A push's outcome; one that went through keeps the status and target it reached, when told. */
    markSync: (
      row: SyncRow,
      outcome: {
        status: 'synced' | 'failed';
        error?: string | null;
        recordId?: string | null;
        reached?: Reached;
      },
    ) => {
      const values = {
        status: outcome.status,
        error: outcome.error ?? null,
        ...(outcome.recordId !== undefined && { crm_record_id: outcome.recordId }),
        ...(outcome.reached && {
          reached_status: outcome.reached.status,
          reached_target: outcome.reached.target,
        }),
        updated_at: new Date(),
      };
      return upsertSync(row, values).execute();
    },

    /**
     * The status and target the person's last push to the CRM that went through reached (if told),
     * and the User Profile activity last sent to their Marketo lead.
     */
    async lastPushOf(row: SyncRow): Promise<LastPush> {
      const found = await db
        .selectFrom('crm_syncs')
        .select(['reached_status', 'reached_target', 'marketo_profile_activity'])
        .where('event_id', '=', row.eventId)
        .where('crm_type', '=', row.crmType)
        .where('email', '=', row.email.toLowerCase())
        .executeTakeFirst();
      return {
        reached:
          found?.reached_status && found.reached_target
            ? { status: found.reached_status as CrmPushedStatus, target: found.reached_target }
            : null,
        marketoProfileActivity: found?.marketo_profile_activity ?? null,
      };
    },

    /**
     * The person's push to the CRM at `status` to come (their row pending); answers whether it was
     * queued. `unlessHeld`: not when the CRM has them at that status already or a push of it waits.
     */
    async queueSync(row: SyncRow, status: CrmPushedStatus, unlessHeld: boolean, tx: Executor = db) {
      const values = {
        status: 'pending' as const,
        error: null,
        pushed_status: status,
        updated_at: new Date(),
      };
      const written = await upsertSync(row, values, tx, (eb) =>
        unlessHeld
          ? eb.or([
              eb('crm_syncs.status', '=', 'failed'),
              eb('crm_syncs.pushed_status', 'is distinct from', status),
            ])
          : eb.val(true),
      ).executeTakeFirst();
      return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The event's people whose last push to the CRM failed, latest first, a page of them and how many. */
    async syncFailures(eventId: string, crmType: PushedType, page: { limit: number; offset: number }) {
      const failed = db
        .selectFrom('crm_syncs')
        .where('event_id', '=', eventId)
        .where('crm_type', '=', crmType)
        .where('status', '=', 'failed');
      const [rows, total] = await Promise.all([
        failed
          .select(['email', 'error', 'updated_at'])
          .orderBy('updated_at', 'desc')
          .orderBy('email')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        failed.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.count) };
    },

    /** The emails of the event's people whose last push to the CRM failed. */
    failedEmails: async (eventId: string, crmType: PushedType) =>
      (
        await db
          .selectFrom('crm_syncs')
          .select('email')
          .where('event_id', '=', eventId)
          .where('crm_type', '=', crmType)
          .where('status', '=', 'failed')
          .execute()
      ).map((row) => row.email),

    /** Per CRM: how many registrants of the event are synced, pending or failed, and the latest. */
    syncStatus: (eventId: string) =>
      db
        .selectFrom('crm_syncs')
        .select([
          'crm_type',
          sql<number>`count(*) filter (where status = 'synced')::int`.as('synced'),
          sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'),
          sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
          sql<Date | null>`max(updated_at) filter (where status = 'synced')`.as('last_synced_at'),
          sql<
            string | null
          >`(array_agg(error order by updated_at desc) filter (where status = 'failed'))[1]`.as('last_error'),
        ])
        .where('event_id', '=', eventId)
        .groupBy('crm_type')
        .execute(),
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
