import {
  crmMessages,
  marketoMemberStatusOf,
  offeredOnEvent,
  pardotListMove,
  registrationActivityOf,
  type CrmPushedStatus,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { CrmConnectors } from './crm-connectors.ts';
import {
  PUSHED_MARKETING_TYPES,
  type LastPush,
  type PushedMarketingType,
  type Reached,
} from './integrations.repository.ts';
import type { IntegrationsService } from './integrations.service.ts';
import type { MarketoActivities } from './marketo-activities.ts';
import { valueToSend, type CrmRegistrant } from './vendors/connector.ts';

/** After the event: its registrants who never attended (the other statuses: marketoMemberStatusOf). */
export const MARKETO_NO_SHOW_STATUS = 'No Show';

export interface MarketingSyncDeps {
  connectors: CrmConnectors;
  integrations: Pick<IntegrationsService, 'connectedCredentials' | 'marketingIdsOf'>;
  events: Pick<EventCore, 'marketingIdsOf'>;
  /** The registrant's status as a Marketo custom activity, with the lead's push. */
  activities: Pick<MarketoActivities, 'sendProfile'>;
}

/** A push the vendor will not take as it is: failed, not retried. */
const rejected = (message: string) => new Error(message);

/**
 * Registrants pushed to marketing automation (spec 001 §7) at each status: a Marketo lead upserted
 * by email then made a member of the event's program at its status (or removed from it) and the
 * status sent as a User Profile custom activity (marketo-activities.ts), a Pardot
 * prospect upserted then added to or removed from the event's list (pardotListMove; never when it
 * imports: SYNC_PARDOT), a submission of the organisation's Eloqua event form.
 * Each connector only where the event (or organisation) has its target.
 */
export function createMarketingSync(deps: MarketingSyncDeps) {
  const { connectors, integrations } = deps;

  /**
   * Which of the connected marketing types have somewhere to push this event's registrant at this
   * status: Pardot only when its list changes.
   */
  async function targetsOf(
    organizationId: string,
    eventId: string,
    connected: readonly string[],
    status: CrmPushedStatus,
    tx?: Executor,
  ): Promise<PushedMarketingType[]> {
    const wanted = PUSHED_MARKETING_TYPES.filter((type) => connected.includes(type));
    if (wanted.length === 0) return [];
    const event = await deps.events.marketingIdsOf(eventId, tx);
    const eloquaForm = wanted.includes('eloqua')
      ? (await integrations.marketingIdsOf(organizationId, 'eloqua', { eventId }, tx)).eloquaFormId
      : null;
    return wanted.filter((type) =>
      type === 'marketo'
        ? Boolean(event.marketoProgramId)
        : type === 'pardot'
          ? Boolean(event.pardotList) && pardotListMove(event.pardotList!.activity_type, status) !== null
          : offeredOnEvent('eloqua', { eloquaFormId: eloquaForm }),
    );
  }

  /**
   * The registrant's mapped values (field → value) under each field's update policy, against the
   * record the vendor holds (`existing`; none: a new record gets every value); its email always
   * among them.
   */
  const valuesOf = (
    registrant: CrmRegistrant,
    emailField: string,
    existing: Record<string, unknown> | null,
  ): Record<string, string> => ({
    ...Object.fromEntries(
      Object.entries(registrant.fields).flatMap(([field, mapped]) => {
        const value = valueToSend(mapped, existing?.[field], existing === null);
        return value === undefined ? [] : [[field, value]];
      }),
    ),
    [emailField]: registrant.email,
  });

  /**
   * The vendor's record of the registrant (its fields that a policy other than ALWAYS_UPDATE maps,
   * read by `read`), or null without such a field: no read, every value sent. The email is the
   * lookup key, always sent.
   */
  async function recordFor(
    registrant: CrmRegistrant,
    emailField: string,
    read: (email: string, fields: readonly string[]) => Promise<Record<string, unknown> | null>,
  ): Promise<Record<string, unknown> | null> {
    const fields = Object.entries(registrant.fields)
      .filter(([field, mapped]) => field !== emailField && mapped.policy !== 'ALWAYS_UPDATE')
      .map(([field]) => field);
    return fields.length === 0 ? null : read(registrant.email, fields);
  }

  /**
   * Pushes one registrant at a status under the event's field mappings; answers the vendor's
   * record id and where the push took them. The mapped fields are a Marketo lead's REST names, a
   * Pardot prospect's fields, the Eloqua form's HTML names. Nothing is sent when the person's last
   * push (`last.reached`) took them there at this status already: a back-fill's push and another queued
   * before the event's target changed both find the new one when they run.
   */
  async function push(
    type: PushedMarketingType,
    organizationId: string,
    eventId: string,
    registrant: CrmRegistrant,
    status: CrmPushedStatus,
    last: LastPush,
  ): Promise<{ recordId?: string | null; reached: Reached }> {
    const { reached } = last;
    const already = (target: string) => reached?.status === status && reached.target === target;
    if (type === 'eloqua') {
      const formId = (await integrations.marketingIdsOf(organizationId, 'eloqua', { eventId })).eloquaFormId;
      if (!formId) throw rejected(crmMessages.eloquaFormMissing);
      const target = `form:${formId}`;
      if (already(target)) return { reached: { status, target } };
      const eloqua = connectors.eloqua(
        await integrations.connectedCredentials(organizationId, 'eloqua', { eventId }),
      );
      const form = await eloqua.form(formId);
      if (!form) throw rejected(`Eloqua form ${formId} was not found.`);
      // A form submission cannot read the contact: after the registration, its submission of the
      // same values stands for it, so fields that are not ALWAYS_UPDATE are not sent again.
      const submitted = Object.fromEntries(
        Object.entries(registrant.fields).map(([id, { value }]) => [id, value]),
      );
      const byName = valuesOf(registrant, 'emailAddress', status === 'REGISTRATION' ? null : submitted);
      const values = Object.fromEntries(
        (form.elements ?? []).flatMap((element) => {
          const value = element.htmlName && byName[element.htmlName];
          return value ? [[element.id, value]] : [];
        }),
      );
      return { recordId: (await eloqua.submitForm(formId, values)).id ?? null, reached: { status, target } };
    }
    const event = await deps.events.marketingIdsOf(eventId);
    if (type === 'marketo') {
      if (!event.marketoProgramId) throw rejected('No Marketo program is connected to the event.');
      const target = `program:${event.marketoProgramId}`;
      if (already(target)) return { reached: { status, target } };
      const marketo = connectors.marketo(
        await integrations.connectedCredentials(organizationId, 'marketo', { eventId }),
      );
      const existing = await recordFor(registrant, 'email', (email, fields) =>
        marketo.leadByEmail(email, fields),
      );
      const [lead] = await marketo.pushLeads([valuesOf(registrant, 'email', existing)]);
      if (lead?.id === undefined) throw rejected(lead?.reasons?.[0]?.message ?? 'Marketo skipped the lead.');
      const memberStatus = marketoMemberStatusOf[status];
      if (memberStatus === null) {
        // Not in Program: a lead that was no member is skipped, as wanted.
        await marketo.removeMembers(event.marketoProgramId, [lead.id]);
      } else {
        const [member] = await marketo.setMemberStatus(event.marketoProgramId, memberStatus, [lead.id]);
        if (member?.status === 'skipped')
          throw rejected(member.reasons?.[0]?.message ?? 'Marketo skipped the program member.');
      }
      await deps.activities.sendProfile(
        marketo,
        organizationId,
        eventId,
        { id: lead.id, email: registrant.email },
        registrationActivityOf[status],
        last.marketoProfileActivity,
      );
      return { recordId: String(lead.id), reached: { status, target } };
    }
    if (!event.pardotList) throw rejected('No Pardot list is connected to the event.');
    const target = `list:${event.pardotList.list_id}:${event.pardotList.activity_type}`;
    if (already(target)) return { reached: { status, target } };
    const pardot = connectors.pardot(
      await integrations.connectedCredentials(organizationId, 'pardot', { eventId }),
    );
    const existing = await recordFor(registrant, 'email', (email, fields) =>
      pardot.prospectByEmail(email, fields),
    );
    const prospect = await pardot.upsertProspect({
      ...valuesOf(registrant, 'email', existing),
      email: registrant.email,
    });
    const listId = Number(event.pardotList.list_id);
    const move = pardotListMove(event.pardotList.activity_type, status);
    if (move === 'add') await pardot.addToList(listId, prospect.id);
    if (move === 'remove') await pardot.removeFromList(listId, prospect.id);
    return { recordId: String(prospect.id), reached: { status, target } };
  }

  /**
   * Moves these leads to the No Show status of the event's Marketo program; answers the program,
   * or null when the event has none (nothing to do).
   */
  async function markNoShows(
    organizationId: string,
    eventId: string,
    leadIds: readonly number[],
  ): Promise<string | null> {
    const { marketoProgramId } = await deps.events.marketingIdsOf(eventId);
    if (!marketoProgramId) return null;
    if (leadIds.length === 0) return marketoProgramId;
    const marketo = connectors.marketo(
      await integrations.connectedCredentials(organizationId, 'marketo', { eventId }),
    );
    await marketo.setMemberStatus(marketoProgramId, MARKETO_NO_SHOW_STATUS, leadIds);
    return marketoProgramId;
  }

  return { targetsOf, push, markNoShows };
}

export type MarketingSync = ReturnType<typeof createMarketingSync>;
