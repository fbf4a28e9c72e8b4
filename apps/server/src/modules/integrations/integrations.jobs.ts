import {
  CRM_DEFAULT_MAPPINGS,
  CRM_OBJECT_TYPES,
  CRM_PUSHED_STATUSES,
  CRM_SYNC_UPDATED,
  crmStatusOf,
  registrationActivityOf,
  salesforceMemberStatusOf,
  salesforceRecordType,
  type CrmPushedStatus,
  type CrmType,
  type FieldMappingEntry,
  type MappedType,
} from '@studio/domain';
import { z } from 'zod';
import type { ActivityReport, Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import {
  PUSHED_MARKETING_TYPES,
  PUSHED_TYPES,
  type IntegrationsRepository,
  type PushedMarketingType,
  type PushedType,
} from './integrations.repository.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { MarketingSync } from './marketing-sync.ts';
import type { CrmRegistrant } from './vendors/connector.ts';
import { VendorError } from './vendors/vendor-http.ts';

/**
 * One registrant of an event to push to one CRM at a status (queued in the transaction that gave
 * the registration that status: the registration, a change of status, the check-in).
 */
const crmSyncPayload = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  crmType: z.enum(PUSHED_TYPES),
  email: z.string(),
  /** Source field id → the registrant's answer (the form's custom answers too). */
  values: z.record(z.string(), z.string()),
  /** The registration's status the push tells the CRM (a campaign or program member's status follows). */
  status: z.enum(CRM_PUSHED_STATUSES).default('REGISTRATION'),
});
type CrmSyncPayload = z.infer<typeof crmSyncPayload>;
/** A registrant as their activities report them (registrantActivityData). */
type RegistrantData = Exclude<ActivityReport['data'], (...args: never[]) => unknown>;
export const crmSyncJob = defineJob({
  name: 'integrations.crm-sync',
  payload: crmSyncPayload,
  retryLimit: 5,
  oneWaitingPerKey: true,
});

/** Every minute: the ended events whose Marketo registrants who never attended move to No Show. */
export const MARKETO_NO_SHOW_SWEEP_SECONDS = 60;
export const marketoNoShowSweepJob = defineJob<Record<string, never>>({
  name: 'integrations.marketo-no-show-sweep',
  payload: z.object({}).strict(),
  retryLimit: 0,
});

const isMarketing = (type: string): type is PushedMarketingType =>
  (PUSHED_MARKETING_TYPES as readonly string[]).includes(type);

/** The activities that push a registrant to the event's CRMs, each with the status it reports. */
const PUSHED_ACTIVITIES = new Map<string, CrmPushedStatus>(
  CRM_PUSHED_STATUSES.map((status) => [registrationActivityOf[status], status]),
);

/**
 * The event's Salesforce campaign membership at a status: the registration joins with the status
 * the organiser chose; every later status is the campaign member status of its name, created on
 * the campaign when missing.
 */
function campaignMembership(id: string, chosen: string | null, status: CrmPushedStatus) {
  if (status === 'REGISTRATION') return { id, memberStatus: chosen };
  const { label, hasResponded } = salesforceMemberStatusOf[status];
  return { id, memberStatus: label, createStatus: { hasResponded } };
}

/** An answer as a CRM field's text: lists (check boxes, multi-selects) joined by semicolons. */
function answerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(answerText)
      .filter((item) => item !== undefined)
      .join(';');
  return undefined;
}

/**
 * Registrant sync: an activity consumer (platform/activities.ts) that queues a push per CRM the
 * event's registrants go to, and the worker's push through the CRM's connector under the event's
 * field mappings (the CRM's defaults when it has none). Each push's outcome is the sync status.
 */
export function createCrmSync(deps: {
  repository: IntegrationsRepository;
  jobs: JobQueue;
  connectorOf: IntegrationsService['connectorOf'];
  pushedTypes: IntegrationsService['pushedTypes'];
  /** A push whose credentials the vendor refused: the connection needs re-authentication. */
  refusedOnPush: IntegrationsService['refusedOnPush'];
  marketing: MarketingSync;
  /** Each push's outcome pushed to the event's open studios. */
  realtime: Pick<Realtime, 'publish'>;
  clock: () => Date;
}) {
  const { repository, jobs } = deps;

  /** The CRMs and marketing connectors the event's registrants are pushed to at this status. */
  async function targetsOf(organizationId: string, eventId: string, status: CrmPushedStatus, tx?: Executor) {
    const connected = await deps.pushedTypes(organizationId, eventId, tx);
    if (connected.length === 0) return [];
    return [
      ...connected.filter((type): type is CrmType => !isMarketing(type)),
      ...(await deps.marketing.targetsOf(organizationId, eventId, connected, status, tx)),
    ];
  }

  /**
   * Queues the registrant's push (`data`: the activity's) to each of `crms`, its sync pending; one
   * push per person, CRM and status waits at a time. `unlessHeld` (an activity): none to a CRM that
   * has them at this status already or is about to (a back-fill got there first).
   */
  async function queue(
    organizationId: string,
    eventId: string,
    crms: readonly PushedType[],
    data: RegistrantData,
    status: CrmPushedStatus,
    unlessHeld: boolean,
    tx?: Executor,
  ): Promise<void> {
    const { answers, ...registrant } = data;
    const values = Object.fromEntries(
      Object.entries({ ...(answers as Record<string, unknown> | undefined), ...registrant }).flatMap(
        ([key, value]) => {
          const text = answerText(value);
          return text === undefined ? [] : [[key, text]];
        },
      ),
    );
    const email = values.email;
    if (!email) return;
    for (const crmType of crms) {
      const row = { organizationId, eventId, crmType, email };
      if (!(await repository.queueSync(row, status, unlessHeld, tx))) continue;
      const singletonKey = `${eventId}:${crmType}:${email.toLowerCase()}:${status}`;
      await jobs.send(crmSyncJob, { ...row, values, status }, { tx, singletonKey });
    }
  }

  const activities: Activities = {
    async record(activity: ActivityReport, tx?: Executor) {
      const status = PUSHED_ACTIVITIES.get(activity.type);
      if (!activity.eventId || !status) return;
      const crms = await targetsOf(activity.organizationId, activity.eventId, status, tx);
      if (crms.length === 0) return;
      const data = typeof activity.data === 'function' ? await activity.data(tx) : activity.data;
      await queue(activity.organizationId, activity.eventId, crms, data, status, true, tx);
    },
  };

  /**
   * Pushes registrants (pages of their activity data) to one CRM again, each at the status it has
   * now where the CRM takes that status: a retry of failed pushes, or the back-fill of an event's
   * registrants when the CRM is switched on for it. Answers how many pushes were queued.
   */
  async function pushAgain(
    organizationId: string,
    eventId: string,
    crmType: PushedType,
    registrants: AsyncIterable<RegistrantData[]>,
  ): Promise<number> {
    const takes = new Map<CrmPushedStatus, boolean>();
    let queued = 0;
    await jobs.ready();
    for await (const page of registrants)
      for (const data of page) {
        const status = crmStatusOf(String(data.status));
        if (!takes.has(status))
          takes.set(status, (await targetsOf(organizationId, eventId, status)).includes(crmType));
        if (!takes.get(status)) continue;
        await queue(organizationId, eventId, [crmType], data, status, false);
        queued += 1;
      }
    if (queued > 0) jobs.nudge(crmSyncJob);
    return queued;
  }

  const registrantOf = (
    email: string,
    entries: readonly FieldMappingEntry[],
    values: Record<string, string>,
  ): CrmRegistrant => ({
    email,
    fields: Object.fromEntries(
      entries.flatMap((entry) => {
        const value = values[entry.source_field_id];
        return value === undefined
          ? []
          : [[entry.crm_field_id, { value, policy: entry.crm_field_update_policy }]];
      }),
    ),
  });

  /** The event's mappings for the CRM, or its defaults for the CRM's first object type. */
  async function mappingsOf(organizationId: string, crmType: MappedType, eventId: string) {
    const saved = (await repository.mappingsOfEntity(organizationId, crmType, eventId)).filter(
      (row) => row.entity_type === 'EVENT',
    );
    if (saved.length > 0)
      return saved.map((row) => ({ objectType: row.crm_object_type, entries: row.entries }));
    const objectType = CRM_OBJECT_TYPES[crmType][0]!;
    const entries = (CRM_DEFAULT_MAPPINGS[crmType][objectType] ?? []).map((entry) => ({
      source_field_id: entry.source,
      crm_field_id: entry.target,
      is_required_crm_field: false,
      crm_field_type: 'string',
      crm_field_update_policy: 'ALWAYS_UPDATE' as const,
    }));
    return [{ objectType, entries }];
  }

  /** The push's outcome, kept and told to the event's studios (the integration page follows it). */
  async function settle(row: CrmSyncPayload, outcome: Parameters<IntegrationsRepository['markSync']>[1]) {
    await repository.markSync(row, outcome);
    await deps.realtime.publish(
      row.organizationId,
      {
        type: CRM_SYNC_UPDATED,
        data: {
          eventId: row.eventId,
          crm_type: row.crmType,
          email: row.email.toLowerCase(),
          status: outcome.status,
          error: outcome.error ?? null,
        },
      },
      { eventId: row.eventId },
    );
  }

  async function push(payload: CrmSyncPayload): Promise<void> {
    const row = payload;
    const crmType = payload.crmType;
    try {
      if (isMarketing(crmType)) {
        const [mapping] = await mappingsOf(payload.organizationId, crmType, payload.eventId);
        const pushed = await deps.marketing.push(
          crmType,
          payload.organizationId,
          payload.eventId,
          registrantOf(payload.email, mapping?.entries ?? [], payload.values),
          payload.status,
          await repository.lastPushOf(row),
        );
        await settle(row, { status: 'synced', ...pushed });
        return;
      }
      const connector = await deps.connectorOf(payload.organizationId, crmType, { eventId: payload.eventId });
      const settings = await repository.eventSetting(payload.eventId, crmType);
      const campaign = settings?.salesforce_campaign_id
        ? campaignMembership(settings.salesforce_campaign_id, settings.campaign_member_status, payload.status)
        : undefined;
      const mappings = await mappingsOf(payload.organizationId, crmType, payload.eventId);
      // One record per person: Salesforce's Lead and Contact mappings choose between them.
      const objectType =
        mappings.length > 1 && connector.hasRecord
          ? salesforceRecordType(
              mappings.map((mapping) => mapping.objectType),
              await connector.hasRecord('Contact', payload.email),
            )
          : mappings[0]!.objectType;
      const mapping = mappings.find((candidate) => candidate.objectType === objectType)!;
      const registrant = registrantOf(payload.email, mapping.entries, payload.values);
      const [result] = await connector.pushRegistrants(objectType, [registrant], { campaign });
      if (result && 'error' in result) {
        await settle(row, { status: 'failed', error: result.error });
        return;
      }
      await settle(row, { status: 'synced', recordId: result?.recordId ?? null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof VendorError && error.kind === 'authentication')
        await deps.refusedOnPush(row.organizationId, crmType, row.eventId);
      await settle(row, { status: 'failed', error: message });
      // A CRM that does not answer now may later: the job is retried.
      if (error instanceof VendorError && (error.kind === 'unavailable' || error.kind === 'rate_limited'))
        throw error;
    }
  }

  /**
   * Marketo's No Show: for each event that has ended since registrants went to its Marketo program,
   * the registrants holding a seat who never attended (no check-in) become the program's No Show
   * members, once per event. An event that fails (Marketo down, disconnected) is tried again at the next sweep.
   */
  async function sweepNoShows(): Promise<void> {
    const now = deps.clock();
    const failures: unknown[] = [];
    for (const event of await repository.endedMarketoEvents(now)) {
      try {
        const leadIds = await repository.noShowLeadIds(event.event_id);
        const programId = await deps.marketing.markNoShows(event.organization_id, event.event_id, leadIds);
        if (programId === null) continue;
        await repository.markNoShowDone({
          event_id: event.event_id,
          program_id: programId,
          lead_count: leadIds.length,
          done_at: now,
        });
      } catch (error) {
        // One event failing (Marketo down, disconnected) does not hold the others back.
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Marketo No Show failed for some events');
  }

  return { activities, push, pushAgain, sweepNoShows };
}

export type CrmSync = ReturnType<typeof createCrmSync>;

export function registerIntegrationsJobs(
  jobs: JobQueue,
  sync: CrmSync,
  noShowSweepSeconds = MARKETO_NO_SHOW_SWEEP_SECONDS,
): void {
  jobs.register(crmSyncJob, (payload) => sync.push(payload));
  jobs.register(marketoNoShowSweepJob, () => sync.sweepNoShows());
  jobs.every(marketoNoShowSweepJob, {}, noShowSweepSeconds);
}
