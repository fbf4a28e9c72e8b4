import { setTimeout as sleep } from 'node:timers/promises';
import {
  CRM_DEFAULT_MAPPINGS,
  CRM_OBJECT_TYPES,
  CRM_TARGET_FIELDS_RETRIES,
  CRM_TARGET_FIELDS_RETRY_DELAY_MS,
  CRM_TOKEN_VALID_HOURS,
  crmCredentialsSchema,
  accessMessages,
  CRM_TYPES,
  crmLabels,
  mapsObjectType,
  CRM_NOT_CONNECTED_CODE,
  crmMessages,
  integrationLabels,
  INTEGRATION_TYPES,
  BASE_FORM_KEYS,
  isTeamLevelIntegrationOn,
  type ConnectionsQuery,
  type CrmConnection,
  type CrmCredentials,
  type CrmSourceField,
  type CrmTargetField,
  type CrmType,
  type MappedType,
  type EventCrmSettings,
  type IntegrationType,
  type FieldMapping,
  type FieldMappingEntry,
  type FieldMappingErrorCode,
  type FieldMappingQuery,
  type IntegrationActivitySync,
  type IntegrationContext,
  type IntegrationTemplate,
  type MarketoActivityTypeIds,
  type OrganizationFeatureFlags,
  type ContextCrmSettings,
  type SaveFieldMappings,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import { eventIntegrationRight, organizationIntegrationRight } from '../../platform/http/access-rules.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { TemplateCopyLink } from '../back-office/event-copy.ts';
import type { Scope, Scopes } from '../back-office/event-scope.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { MarketingIdChanges, OrganizationsService } from '../organizations/organizations.service.ts';
import { requirePlanFeature } from '../back-office/plan-gates.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { CrmConnectors, CrmSession } from './crm-connectors.ts';
import type {
  ConnectionOwner,
  ConnectionRow,
  ConnectionUser,
  ContextKey,
  ContextSettingsRow,
  EventSettingsRow,
  IntegrationsRepository,
  MappingKey,
  MappingRow,
  PushedType,
} from './integrations.repository.ts';
import type { Connector } from './vendors/connector.ts';
import type { SalesforceClient } from './vendors/salesforce.ts';
import { VendorError } from './vendors/vendor-http.ts';

export interface IntegrationsServiceDeps {
  repository: IntegrationsRepository;
  connectors: CrmConnectors;
  secrets: SecretBox;
  events: Pick<EventCore, 'programmeEventOf'>;
  /** The organisation's Eloqua event form, whose fields an Eloqua mapping targets. */
  organizations: Pick<OrganizationsService, 'marketingIdsOf' | 'setMarketingIds'>;
  scopes: Pick<Scopes, 'scopeOf'>;
  forms: Pick<RegistrationArea['registrationForms'], 'formOfEvent' | 'formOfLink'>;
  /** The studio templates and series an integration template belongs to, as a scope sees them. */
  contexts: Record<IntegrationContext, ContextOwners>;
  /** The organisation's flags (form-level mapping needs two of them, team-level integration workspaces too). */
  featuresOf: (
    organizationId: string,
    tx?: Executor,
  ) => Promise<{ isWorkspaceEnabled: boolean; featureFlags: OrganizationFeatureFlags }>;
  /** The teams a caller sees (a team admin: their own). */
  workspaces: Pick<WorkspacesService, 'findVisible'>;
  clock: () => Date;
  /** Tests wait less between the target fields' attempts. */
  retryDelayMs?: number;
  /** The template's webhooks, copied with its CRM settings onto an existing event (the webhooks area). */
  templateWebhooks: TemplateCopyLink;
  /** Queues the event's registrants so far to a CRM switched on for it (crm-sync-status.ts). */
  backfill: (organizationId: string, eventId: string, type: CrmType) => Promise<unknown>;
}

/** Templates or series: the scope of a member, and one of them if the scope sees it. */
export interface ContextOwners {
  scopeFor: (member: OrganizationCaller) => Promise<Scope>;
  findVisible: (
    scope: Scope,
    id: string,
  ) => Promise<
    | {
        id: string;
        organization_id: string;
        workspace_id: string | null;
        registration_form_data?: { id: string; is_global_form: boolean } | null;
      }
    | undefined
  >;
}

const TOKEN_VALID_MS = CRM_TOKEN_VALID_HOURS * 3_600_000;
const somethingWentWrong = () => new HttpError(502, 'CRM_UNAVAILABLE', crmMessages.somethingWentWrong);
const authenticationFailed = () =>
  new HttpError(400, 'AUTHENTICATION_FAILED', crmMessages.authenticationFailed);

/**
 * The registrant's status (REGISTRATION, then ATTENDED at the check-in): a source field of every
 * mapping, so that the check-in reaches the CRM field it is mapped to.
 */
const REGISTRATION_STATUS_SOURCE: CrmSourceField = { id: 'status', label: 'Registration status' };

/** A connector's failure as the studio answers it: refused credentials, unknown id, or the spec's generic message. */
function answerOf(error: unknown): never {
  if (error instanceof VendorError) {
    if (error.kind === 'authentication') throw authenticationFailed();
    if (error.kind === 'not_found') throw notFound();
    throw somethingWentWrong();
  }
  throw error;
}

/** An event whose integrations the caller manages, with the caller's scope: what the event routes' guard loads. */
export type ManagedEvent = Awaited<ReturnType<EventCore['programmeEventOf']>>;

/**
 * The CRM connectors (Salesforce, HubSpot): the organisation's connections (`organization:update`,
 * or an Integrations Editor's `integration:update`), an event's settings and field mappings
 * (`event:update` or `integration:update`), a global form's mappings, and the sync
 * status of an event's registrants.
 */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { repository, secrets } = deps;

  const isExpired = (row: ConnectionRow) =>
    !row.authenticated_at || deps.clock().getTime() - row.authenticated_at.getTime() >= TOKEN_VALID_MS;

  const connectionAnswer = async (
    crmType: IntegrationType,
    owner: ConnectionOwner,
    row: ConnectionRow | undefined,
  ): Promise<CrmConnection> => ({
    crm_type: crmType,
    workspace_id: owner.workspaceId,
    is_authenticated: Boolean(row?.authenticated_at),
    token_expired: row ? isExpired(row) : true,
    needs_reauthentication: Boolean(row?.refused_at),
    authenticated_at: row?.authenticated_at?.toISOString() ?? null,
    account_id: row?.account_id ?? null,
    base_url: row?.base_url ?? null,
    region: row?.region ?? null,
    stored_credentials: row ? Object.keys(credentialsOf(row)).filter((key) => key !== 'crm_type') : [],
    ...(await marketingIdsAnswer(crmType, owner.organizationId, row)),
  });

  /** Eloqua's event form, Marketo's base program and activity types, of the connection (null for the others). */
  async function marketingIdsAnswer(crmType: IntegrationType, organizationId: string, row?: ConnectionRow) {
    const ids =
      crmType === 'eloqua' || crmType === 'marketo' ? await idsOfConnection(organizationId, row) : null;
    const marketo = crmType === 'marketo';
    return {
      eloqua_form_id: marketo ? null : (ids?.eloquaFormId ?? null),
      base_marketo_program_id: marketo ? (ids?.baseMarketoProgramId ?? null) : null,
      marketo_activity_type_ids: marketo ? (ids?.marketoActivityTypeIds ?? null) : null,
    };
  }

  /** A team connection keeps its own marketing ids, the organisation's connection has the organisation's. */
  const idsOfConnection = (organizationId: string, row: ConnectionRow | undefined, tx?: Executor) =>
    row?.workspace_id
      ? {
          eloquaFormId: row.eloqua_form_id,
          baseMarketoProgramId: row.base_marketo_program_id,
          marketoActivityTypeIds: activityTypeIdsOf(row),
        }
      : deps.organizations.marketingIdsOf(organizationId, tx);

  const activityTypeIdsOf = (row: ConnectionRow): MarketoActivityTypeIds => ({
    user_profile: row.marketo_user_profile_activity_id,
    user_engagement: row.marketo_user_engagement_activity_id,
  });

  function credentialsOf(row: ConnectionRow): CrmCredentials;
  function credentialsOf<T extends IntegrationType>(
    row: ConnectionRow,
    type: T,
  ): CrmCredentials & { crm_type: T };
  function credentialsOf(row: ConnectionRow, type?: IntegrationType): CrmCredentials {
    const opened = secrets.open(row.sealed_credentials);
    const parsed = opened ? crmCredentialsSchema.safeParse(JSON.parse(opened)) : undefined;
    if (!parsed?.success || (type && parsed.data.crm_type !== type)) throw authenticationFailed();
    return parsed.data;
  }

  /** Every connector but HubSpot sits behind its plan feature. */
  const planFeatureOf = (type: IntegrationType | undefined) =>
    type === undefined || type === 'hubspot' ? null : type;

  /** The organisation of a caller who manages its integrations. */
  async function managing(caller: Caller, type?: IntegrationType): Promise<string> {
    const scope = await deps.scopes.scopeOf(caller, organizationIntegrationRight(caller));
    requirePlanFeature(scope, planFeatureOf(type));
    return scope.organizationId;
  }

  /**
   * The owner of the connections a caller manages: the organisation's (`organizationIntegrationRight`), or
   * with `workspaceId` a team's (`integration:update`, a team admin their own teams') when
   * team-level integrations are on (403 otherwise); another organisation's or another team's is 404.
   */
  async function managingConnection(
    caller: Caller,
    type: IntegrationType | undefined,
    workspaceId: string | undefined,
  ): Promise<ConnectionOwner> {
    if (workspaceId === undefined) return { organizationId: await managing(caller, type), workspaceId: null };
    const scope = await deps.scopes.scopeOf(caller, 'integration:update');
    requirePlanFeature(scope, planFeatureOf(type));
    if (!isTeamLevelIntegrationOn(await deps.featuresOf(scope.organizationId)))
      throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
    if (!(await deps.workspaces.findVisible(scope.caller, workspaceId))) throw notFound();
    return { organizationId: scope.organizationId, workspaceId };
  }

  /**
   * The connection an event or a team (or, without one, the organisation) uses: the team's while
   * team-level integrations are on (the flags read only when the team has one), else the organisation's.
   */
  async function usedConnection(
    organizationId: string,
    type: IntegrationType,
    user?: ConnectionUser,
    tx?: Executor,
  ) {
    const rows = await repository.connectionsFor(organizationId, type, user, tx);
    const team = rows.find((row) => row.workspace_id !== null);
    if (team && isTeamLevelIntegrationOn(await deps.featuresOf(organizationId, tx))) return team;
    return rows.find((row) => row.workspace_id === null);
  }

  /**
   * Whose connection a call names: the event, studio template or series of its query (`event:update`),
   * else the team of `workspace=` or the organisation (as `managingConnection`).
   */
  async function usingConnection(
    caller: Caller,
    type: IntegrationType,
    query: ConnectionsQuery,
  ): Promise<{ organizationId: string; user?: ConnectionUser }> {
    const used = await connectionsUser(caller, query, type);
    if (used) return used;
    const owner = await managingConnection(caller, type, query.workspace);
    return { organizationId: owner.organizationId, user: teamOf(owner.workspaceId) };
  }

  /**
   * The Marketo base program and custom activity types and the Eloqua event form of the connection
   * used: a team connection's own, else the organisation's.
   */
  async function marketingIdsOf(
    organizationId: string,
    type: 'marketo' | 'eloqua',
    user?: ConnectionUser,
    tx?: Executor,
  ): Promise<{
    eloquaFormId: string | null;
    baseMarketoProgramId: string | null;
    marketoActivityTypeIds: MarketoActivityTypeIds;
  }> {
    const row = user && (await usedConnection(organizationId, type, user, tx));
    return idsOfConnection(organizationId, row, tx);
  }

  /** Stores what Marketo or Eloqua found (or created) on the connection used (a team's), else on the organisation. */
  async function setMarketingIds(
    organizationId: string,
    type: 'marketo' | 'eloqua',
    user: ConnectionUser | undefined,
    ids: MarketingIdChanges,
  ): Promise<void> {
    const row = user && (await usedConnection(organizationId, type, user));
    if (!row?.workspace_id) return deps.organizations.setMarketingIds(organizationId, ids);
    await repository.updateConnection({ organizationId, workspaceId: row.workspace_id }, type, ids);
  }

  /**
   * Where the event's registrants go: the connected CRMs and marketing connectors of the
   * organisation, and of the event's team while team-level integrations are on (read only then).
   */
  async function pushedTypes(organizationId: string, eventId: string, tx?: Executor): Promise<PushedType[]> {
    const rows = await repository.pushedConnections(organizationId, eventId, tx);
    const teamLevel =
      rows.some((row) => row.workspace_id !== null) &&
      isTeamLevelIntegrationOn(await deps.featuresOf(organizationId, tx));
    return [
      ...new Set(rows.filter((row) => teamLevel || row.workspace_id === null).map((row) => row.crm_type)),
    ];
  }

  /**
   * The event, studio template or series whose connections the query asks for, if it names one;
   * `type` (a connector's plan feature) as for an event.
   */
  async function connectionsUser(
    caller: Caller,
    query: ConnectionsQuery,
    type?: IntegrationType,
  ): Promise<{ organizationId: string; user?: ConnectionUser } | undefined> {
    if (query.event) {
      const event = await managedEvent(caller, query.event, type);
      return { organizationId: event.organizationId, user: { eventId: event.id } };
    }
    const context = query.studio_template
      ? await managedContext(caller, 'STUDIO_TEMPLATE', query.studio_template, type)
      : query.series && (await managedContext(caller, 'SERIES', query.series, type));
    if (!context) return undefined;
    return { organizationId: context.organization_id, user: teamOf(context.workspace_id) };
  }

  const teamOf = (workspaceId: string | null) => (workspaceId === null ? undefined : { workspaceId });

  async function managedEvent(caller: Caller, eventId: string, type?: IntegrationType) {
    return usingEvent(await eventManagedBy(caller, eventId), type);
  }

  /** The event (with the caller's scope) whose integrations the caller manages; 404 otherwise. */
  const eventManagedBy = (caller: Caller, eventId: string) =>
    deps.events.programmeEventOf(caller, eventId, eventIntegrationRight(caller));

  /** The event a route's guard loaded, once the connector `type`'s plan feature is checked. */
  function usingEvent({ scope, event }: ManagedEvent, type?: IntegrationType) {
    requirePlanFeature(scope, planFeatureOf(type));
    return event;
  }

  /**
   * A studio template or series the caller may change (`event:update`), 404 when the scope does
   * not see it; `type` (a connector's plan feature) as for an event.
   */
  async function managedContext(
    caller: Caller,
    entityType: IntegrationContext,
    id: string,
    type?: IntegrationType,
  ) {
    const scope = await deps.scopes.scopeOf(caller, eventIntegrationRight(caller));
    requirePlanFeature(scope, planFeatureOf(type));
    const found = await deps.contexts[entityType].findVisible(scope, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The stored credentials of the connection the organisation (or the event or team: the team's
   * first) authenticated; 409 when it has none.
   */
  async function connectedCredentials<T extends IntegrationType>(
    organizationId: string,
    type: T,
    user?: ConnectionUser,
  ) {
    const row = await usedConnection(organizationId, type, user);
    if (!row?.authenticated_at)
      throw new HttpError(409, CRM_NOT_CONNECTED_CODE, crmMessages.notConnected(integrationLabels[type]));
    if (row.refused_at) throw needsReauthentication(type);
    return credentialsOf(row, type);
  }

  /**
   * The client of the organisation's connection (or the event's or team's: the team's first) with
   * its session; a token older than 24 h is taken as expired: the stored credentials authenticate
   * again and the new token is kept.
   */
  async function connectorOf(
    organizationId: string,
    crmType: CrmType,
    user?: ConnectionUser,
  ): Promise<Connector> {
    let row = await usedConnection(organizationId, crmType, user);
    if (!row?.authenticated_at)
      throw new HttpError(409, CRM_NOT_CONNECTED_CODE, crmMessages.notConnected(crmLabels[crmType]));
    if (row.refused_at) throw needsReauthentication(crmType);
    if (isExpired(row)) {
      const owner = { organizationId, workspaceId: row.workspace_id };
      await refusedAs(owner, crmType, authenticateWith(owner, credentialsOf(row)));
      row = (await repository.connection(owner, crmType)) ?? row;
    }
    const token = row.sealed_token ? secrets.open(row.sealed_token) : null;
    const session: CrmSession | undefined =
      token && row.base_url ? { token, baseUrl: row.base_url } : undefined;
    return deps.connectors.connectorOf(credentialsOf(row, crmType), session);
  }

  const needsReauthentication = (type: IntegrationType) =>
    new HttpError(
      409,
      'CRM_NEEDS_REAUTHENTICATION',
      crmMessages.needsReauthentication(integrationLabels[type]),
    );

  /** The stored connection's credentials refused by the vendor: it needs re-authentication. */
  async function refuse(owner: ConnectionOwner, type: IntegrationType) {
    await repository.updateConnection(owner, type, { refused_at: deps.clock() });
  }

  /** `authenticating` with the stored credentials; their refusal marks the connection as refused. */
  async function refusedAs<T>(owner: ConnectionOwner, type: IntegrationType, authenticating: Promise<T>) {
    try {
      return await authenticating;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'AUTHENTICATION_FAILED') await refuse(owner, type);
      throw error;
    }
  }

  /**
   * A push refused for its credentials (401/403): the connection the event uses needs
   * re-authentication, and nothing more is pushed through it until then.
   */
  async function refusedOnPush(organizationId: string, type: IntegrationType, eventId: string) {
    const row = await usedConnection(organizationId, type, { eventId });
    if (row) await refuse({ organizationId, workspaceId: row.workspace_id }, type);
  }

  async function authenticateWith(owner: ConnectionOwner, credentials: CrmCredentials) {
    if (credentials.crm_type === 'marketo' && !deps.connectors.marketoBaseUrl(credentials))
      throw new HttpError(400, 'VALIDATION_ERROR', crmMessages.marketoEndpointMissing, {
        base_url: [crmMessages.marketoEndpointMissing],
      });
    let authenticated;
    try {
      authenticated = await deps.connectors.authenticate(credentials);
    } catch (error) {
      // A login URL that answers 404 (a wrong Salesforce My Domain) refuses the credentials: never our 404.
      if (error instanceof VendorError && error.kind === 'not_found') throw authenticationFailed();
      answerOf(error);
    }
    const previous = await repository.connection(owner, credentials.crm_type);
    const row = await repository.saveConnection({
      organization_id: owner.organizationId,
      workspace_id: owner.workspaceId,
      crm_type: credentials.crm_type,
      sealed_credentials: secrets.seal(JSON.stringify(credentials)),
      sealed_token: authenticated.token === null ? null : secrets.seal(authenticated.token),
      authenticated_at: deps.clock(),
      refused_at: null,
      account_id: authenticated.accountId,
      base_url: authenticated.baseUrl,
      region: previous?.region ?? null,
    });
    return {
      message: crmMessages.authenticationSuccessful,
      connection: await connectionAnswer(credentials.crm_type, owner, row),
    };
  }

  /**
   * A global form of the organisation; 404 for another organisation's or a missing one, 403 unless
   * the 'one-click register' and 'form-level field mapping' flags are both on (spec 001 §6).
   */
  async function globalForm(organizationId: string, formId: string) {
    const form = await deps.forms.formOfLink(organizationId, { id: formId, is_global_form: true });
    if (!form.formId) throw notFound();
    const flags = (await deps.featuresOf(organizationId)).featureFlags;
    if (!flags.isOneClickRegisterEnabled || !flags.isFormLevelFieldMappingEnabled)
      throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
    return form;
  }

  /** Source fields of the entity a mapping belongs to; 404 when the caller cannot see it. */
  async function sourceFieldsOf(
    caller: Caller,
    entityType: FieldMappingQuery['entity_type'],
    entityId: string,
  ) {
    let components;
    if (entityType === 'GLOBAL_FORM') {
      components = (await globalForm(await managing(caller), entityId)).formio_data.components;
    } else if (entityType === 'STUDIO_TEMPLATE') {
      const template = await managedContext(caller, 'STUDIO_TEMPLATE', entityId);
      const form = await deps.forms.formOfLink(
        template.organization_id,
        template.registration_form_data ?? null,
      );
      components = form.formio_data.components;
    } else {
      const event = await managedEvent(caller, entityId);
      components = (await deps.forms.formOfEvent(event.organizationId, event.id)).formio_data.components;
    }
    const base: CrmSourceField[] = BASE_FORM_KEYS.map((key) => ({
      id: key,
      label: { first_name: 'First name', last_name: 'Last name', email: 'Email' }[key],
    }));
    const fields = components
      .filter((component) => !(BASE_FORM_KEYS as readonly string[]).includes(component.key))
      .map((component) => ({ id: component.key, label: component.label ?? component.key }));
    return [...base, ...fields, REGISTRATION_STATUS_SOURCE];
  }

  const isCrm = (type: MappedType): type is CrmType => (CRM_TYPES as readonly string[]).includes(type);

  /**
   * The fields a mapping of the connection used (the organisation's, or an event's or team's) may
   * target: the CRM's object, Marketo's lead (describe), Pardot's prospect (standard and custom
   * fields), the Eloqua event form's fields.
   */
  async function targetSourceOf(
    organizationId: string,
    type: MappedType,
    user?: ConnectionUser,
  ): Promise<Pick<Connector, 'targetFields'>> {
    if (isCrm(type)) return connectorOf(organizationId, type, user);
    if (type === 'marketo') {
      const marketo = deps.connectors.marketo(await connectedCredentials(organizationId, type, user));
      return { targetFields: () => marketo.leadFields() };
    }
    if (type === 'pardot') {
      const pardot = deps.connectors.pardot(await connectedCredentials(organizationId, type, user));
      return { targetFields: () => pardot.prospectFields() };
    }
    const eloqua = deps.connectors.eloqua(await connectedCredentials(organizationId, type, user));
    const formId = (await marketingIdsOf(organizationId, 'eloqua', user)).eloquaFormId;
    return {
      async targetFields() {
        const fields = formId ? await eloqua.formFields(formId) : null;
        if (!fields)
          throw new HttpError(409, 'ELOQUA_FORM_MISSING', crmMessages.eloquaFormMissing, {
            eloqua_form_id: [crmMessages.eloquaFormMissing],
          });
        return fields;
      },
    };
  }

  /** The CRM's fields of an object, asked again up to 3 times 500 ms apart (spec 001 §4). */
  async function targetFieldsOf(
    connector: Pick<Connector, 'targetFields'>,
    objectType: string,
  ): Promise<CrmTargetField[]> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await connector.targetFields(objectType);
      } catch (error) {
        const again =
          error instanceof VendorError &&
          (error.kind === 'unavailable' || error.kind === 'rate_limited' || error.kind === 'bad_answer');
        if (!again || attempt >= CRM_TARGET_FIELDS_RETRIES) answerOf(error);
        await sleep(deps.retryDelayMs ?? CRM_TARGET_FIELDS_RETRY_DELAY_MS);
      }
    }
  }

  const mappingAnswer = (key: MappingKey, row: MappingRow | undefined): FieldMapping => ({
    id: row?.id ?? null,
    crm_type: key.crmType,
    crm_object_type: key.objectType,
    entity_type: key.entityType as FieldMapping['entity_type'],
    entity_id: key.entityId,
    is_custom_field:
      row?.entries.some(
        (entry) =>
          !CRM_DEFAULT_MAPPINGS[key.crmType][key.objectType]?.some((d) => d.target === entry.crm_field_id),
      ) ?? false,
    is_active: row !== undefined,
    is_default: row?.is_default ?? false,
    field_mappings: row?.entries ?? [],
  });

  function checkObjectType(crmType: MappedType, objectType: string) {
    const label = integrationLabels[crmType];
    if (!mapsObjectType(crmType, objectType))
      throw new HttpError(400, 'VALIDATION_ERROR', crmMessages.objectTypesFailed(label), {
        crm_object_type: [crmMessages.objectTypesFailed(label)],
      });
  }

  /** A mapping's key, with the connection its fields are read from (`user`: the event's or template's). */
  async function mappingKeyOf(
    caller: Caller,
    query: FieldMappingQuery,
  ): Promise<MappingKey & { user?: ConnectionUser }> {
    checkObjectType(query.crm_type, query.crm_object_type);
    let organizationId: string;
    let user: ConnectionUser | undefined;
    if (query.entity_type === 'GLOBAL_FORM') {
      organizationId = await managing(caller, query.crm_type);
      await globalForm(organizationId, query.entity_id);
    } else if (query.entity_type === 'STUDIO_TEMPLATE') {
      const template = await managedContext(caller, 'STUDIO_TEMPLATE', query.entity_id, query.crm_type);
      organizationId = template.organization_id;
      user = teamOf(template.workspace_id);
    } else {
      organizationId = (await managedEvent(caller, query.entity_id, query.crm_type)).organizationId;
      user = { eventId: query.entity_id };
    }
    return {
      user,
      organizationId,
      crmType: query.crm_type,
      objectType: query.crm_object_type,
      entityType: query.entity_type,
      entityId: query.entity_id,
    };
  }

  /** Each row's error, or null (spec 001 §4): the CRM's own fields decide the target and policy checks. */
  function rowErrors(
    entries: readonly FieldMappingEntry[],
    entityType: FieldMappingQuery['entity_type'],
    sources: readonly CrmSourceField[],
    targets: readonly CrmTargetField[],
  ): ({ code: FieldMappingErrorCode; message: string } | null)[] {
    const target = new Map(targets.map((field) => [field.id, field]));
    const source = new Set(sources.map((field) => field.id));
    const uses = new Map<string, number>();
    for (const entry of entries) uses.set(entry.crm_field_id, (uses.get(entry.crm_field_id) ?? 0) + 1);
    return entries.map((entry) => {
      const field = target.get(entry.crm_field_id);
      if (!field) return { code: 'MISSING_TARGET_FIELD', message: crmMessages.missingTarget };
      if (!source.has(entry.source_field_id))
        return {
          code: entityType === 'EVENT' ? 'MISSING_EVENT_SOURCE_FIELD' : 'MISSING_TEMPLATE_SOURCE_FIELD',
          message: crmMessages.missingSource,
        };
      if ((uses.get(entry.crm_field_id) ?? 0) > 1)
        return { code: 'FIELDS_MAPPED_TO_SAME_CRM_FIELD', message: crmMessages.sameCrmField(field.label) };
      if (!field.is_updateable && entry.crm_field_update_policy !== 'NEVER_UPDATE')
        return { code: 'INVALID_UPDATE_POLICY', message: crmMessages.invalidUpdatePolicy(field.label) };
      return null;
    });
  }

  const settingsAnswer = (crmType: CrmType, row: EventSettingsRow | undefined): EventCrmSettings => ({
    crm_type: crmType,
    is_enabled: row?.is_enabled ?? true,
    salesforce_campaign_id: row?.salesforce_campaign_id ?? null,
    salesforce_campaign_name: row?.salesforce_campaign_name ?? null,
    campaign_member_status: row?.campaign_member_status ?? null,
    hubspot_portal_id: row?.hubspot_portal_id ?? null,
  });

  const contextSettingsAnswer = (
    crmType: CrmType,
    row: ContextSettingsRow | undefined,
  ): ContextCrmSettings => ({
    crm_type: crmType,
    is_enabled: row?.is_enabled ?? true,
    campaign_member_status: row?.campaign_member_status ?? null,
    hubspot_portal_id: row?.hubspot_portal_id ?? null,
  });

  async function integrationTemplateOf(key: ContextKey): Promise<IntegrationTemplate> {
    const rows = await repository.contextSettings(key);
    return {
      entity_type: key.entityType,
      entity_id: key.entityId,
      settings: CRM_TYPES.map((crmType) =>
        contextSettingsAnswer(
          crmType,
          rows.find((row) => row.crm_type === crmType),
        ),
      ),
    };
  }

  async function salesforceOf(managed: ManagedEvent) {
    const event = usingEvent(managed, 'salesforce');
    return {
      event,
      client: (await connectorOf(event.organizationId, 'salesforce', {
        eventId: event.id,
      })) as SalesforceClient,
    };
  }

  return {
    connectorOf,
    usedConnection,
    usingConnection,
    marketingIdsOf,
    setMarketingIds,

    pushedTypes,
    refusedOnPush,
    isExpired,
    managing,
    eventManagedBy,
    usingEvent,
    managedContext,
    connectedCredentials,
    answerOf,

    /**
     * The organisation's connections, or with `workspace` the team's; with `event`, `studio_template`
     * or `series` (`event:update`) the ones it uses.
     */
    async connections(caller: Caller, query: ConnectionsQuery): Promise<CrmConnection[]> {
      const used = await connectionsUser(caller, query);
      if (used)
        return Promise.all(
          INTEGRATION_TYPES.map(async (crmType) => {
            const row = await usedConnection(used.organizationId, crmType, used.user);
            const owner = { organizationId: used.organizationId, workspaceId: row?.workspace_id ?? null };
            return connectionAnswer(crmType, owner, row);
          }),
        );
      const owner = await managingConnection(caller, undefined, query.workspace);
      const rows = await repository.connections(owner);
      return Promise.all(
        INTEGRATION_TYPES.map((crmType) =>
          connectionAnswer(
            crmType,
            owner,
            rows.find((row) => row.crm_type === crmType),
          ),
        ),
      );
    },

    async authenticate(caller: Caller, credentials: CrmCredentials, workspaceId?: string) {
      return authenticateWith(
        await managingConnection(caller, credentials.crm_type, workspaceId),
        credentials,
      );
    },

    /** Authenticates again with the stored credentials (auth health). */
    async authHealth(caller: Caller, crmType: IntegrationType, workspaceId?: string) {
      const owner = await managingConnection(caller, crmType, workspaceId);
      const row = await repository.connection(owner, crmType);
      if (!row) throw notFound();
      return refusedAs(owner, crmType, authenticateWith(owner, credentialsOf(row)));
    },

    async updateRegion(caller: Caller, crmType: IntegrationType, region: string, workspaceId?: string) {
      const owner = await managingConnection(caller, crmType, workspaceId);
      const row = await repository.updateConnection(owner, crmType, { region });
      if (!row) throw notFound();
      return { message: crmMessages.regionUpdated, connection: await connectionAnswer(crmType, owner, row) };
    },

    async disconnect(caller: Caller, crmType: IntegrationType, workspaceId?: string) {
      const owner = await managingConnection(caller, crmType, workspaceId);
      if (!(await repository.deleteConnection(owner, crmType))) throw notFound();
    },

    async sourceFields(
      caller: Caller,
      query: { event_id?: string; studio_template_id?: string; form_id?: string },
    ) {
      if (query.form_id) return sourceFieldsOf(caller, 'GLOBAL_FORM', query.form_id);
      const eventId = query.event_id ?? query.studio_template_id;
      if (!eventId) throw new HttpError(400, 'VALIDATION_ERROR', crmMessages.sourceFieldsFailed);
      return sourceFieldsOf(caller, query.event_id ? 'EVENT' : 'STUDIO_TEMPLATE', eventId);
    },

    /**
     * The fields of the organisation's connection, or with `workspace` of the one the team uses, or
     * with `event`, `studio_template` or `series` (`event:update`) of the one it uses.
     */
    async targetFields(caller: Caller, crmType: MappedType, objectType: string, query: ConnectionsQuery) {
      checkObjectType(crmType, objectType);
      const used = await usingConnection(caller, crmType, query);
      return targetFieldsOf(await targetSourceOf(used.organizationId, crmType, used.user), objectType);
    },

    async mapping(caller: Caller, query: FieldMappingQuery): Promise<FieldMapping> {
      const key = await mappingKeyOf(caller, query);
      return mappingAnswer(key, await repository.mapping(key));
    },

    /**
     * Bulk save: every row checked against the source fields and the CRM's own fields; one bad row
     * and nothing is saved (per-row errors), a CRM that does not answer leaves the saved list as it is.
     */
    async saveMapping(caller: Caller, body: SaveFieldMappings): Promise<FieldMapping> {
      const key = await mappingKeyOf(caller, body);
      const [sources, targets] = await Promise.all([
        sourceFieldsOf(caller, body.entity_type, body.entity_id),
        targetSourceOf(key.organizationId, key.crmType, key.user).then((connector) =>
          targetFieldsOf(connector, key.objectType),
        ),
      ]);
      const errors = rowErrors(body.field_mappings, body.entity_type, sources, targets);
      if (errors.some(Boolean)) {
        const perRow: Record<string, string[]> = {};
        errors.forEach((error, index) => {
          if (error) perRow[`field_mappings.${index}`] = [error.code, error.message];
        });
        throw new HttpError(400, 'INVALID_FIELD_MAPPINGS', crmMessages.mappingsSaveFailed, perRow);
      }
      const required = new Map(targets.map((field) => [field.id, field]));
      const entries = body.field_mappings.map((entry) => ({
        ...entry,
        is_required_crm_field: required.get(entry.crm_field_id)?.is_required ?? false,
        crm_field_type: required.get(entry.crm_field_id)?.type ?? entry.crm_field_type,
      }));
      return mappingAnswer(key, await repository.saveMapping(key, entries, false));
    },

    /** The CRM's default mappings (email, first and last name) for each object type not mapped yet. */
    async createDefaults(
      caller: Caller,
      body: { crm_type: MappedType; entity_type: FieldMappingQuery['entity_type']; entity_id: string },
    ) {
      const created: FieldMapping[] = [];
      for (const objectType of CRM_OBJECT_TYPES[body.crm_type]) {
        const key = await mappingKeyOf(caller, { ...body, crm_object_type: objectType });
        const existing = await repository.mapping(key);
        const defaults = CRM_DEFAULT_MAPPINGS[body.crm_type][objectType] ?? [];
        const row =
          existing ??
          (await repository.saveMapping(
            key,
            defaults.map((entry) => ({
              source_field_id: entry.source,
              crm_field_id: entry.target,
              is_required_crm_field: entry.source === 'email',
              crm_field_type: entry.source === 'email' ? 'email' : 'string',
              crm_field_update_policy: entry.source === 'email' ? 'NEVER_UPDATE' : 'ALWAYS_UPDATE',
            })),
            true,
          ));
        created.push(mappingAnswer(key, row));
      }
      return created;
    },

    async deleteMapping(caller: Caller, query: FieldMappingQuery) {
      if (!(await repository.deleteMapping(await mappingKeyOf(caller, query)))) throw notFound();
    },

    /** A studio template's or a series' integration template (spec 001 §7: get). */
    async integrationTemplate(
      caller: Caller,
      entityType: IntegrationContext,
      id: string,
    ): Promise<IntegrationTemplate> {
      await managedContext(caller, entityType, id);
      return integrationTemplateOf({ entityType, entityId: id });
    },

    /** Update one CRM's settings of an integration template. */
    async updateIntegrationTemplate(
      caller: Caller,
      entityType: IntegrationContext,
      id: string,
      crmType: CrmType,
      changes: { is_enabled?: boolean; campaign_member_status?: string; hubspot_portal_id?: string },
    ): Promise<IntegrationTemplate> {
      await managedContext(caller, entityType, id, crmType);
      await repository.saveContextSetting({ entityType, entityId: id }, crmType, changes);
      return integrationTemplateOf({ entityType, entityId: id });
    },

    /**
     * A template made from an event, a duplicated template, an event made from a template: the
     * source's CRM settings and field mappings go with it (in the transaction that made it).
     */
    templateIntegrations: {
      copy: (
        source: { kind: 'event' | 'template'; id: string },
        target: { kind: 'event' | 'template'; id: string },
        tx: Executor,
      ) => repository.copyIntegrations(source, target, tx),
    },

    /**
     * "Copy integration template data to an event" (spec 001 §7): a studio template's CRM settings,
     * field mappings and webhooks onto an event of the same organisation, as onto an event made from
     * it; the event's own of the same CRM (and object) are replaced. The answer is the event's settings.
     */
    async copyIntegrationTemplate({ scope, event }: ManagedEvent, templateId: string) {
      const template = await deps.contexts.STUDIO_TEMPLATE.findVisible(scope, templateId);
      if (!template)
        throw new HttpError(400, 'VALIDATION_ERROR', crmMessages.templateNotFound, {
          studio_template_id: [crmMessages.templateNotFound],
        });
      await repository.copyTemplateOntoEvent(templateId, event.id, deps.templateWebhooks);
      const rows = await repository.eventSettings(event.id);
      return CRM_TYPES.map((crmType) =>
        settingsAnswer(
          crmType,
          rows.find((row) => row.crm_type === crmType),
        ),
      );
    },

    async eventSettings({ event }: ManagedEvent): Promise<EventCrmSettings[]> {
      const rows = await repository.eventSettings(event.id);
      return (['salesforce', 'hubspot'] as const).map((crmType) =>
        settingsAnswer(
          crmType,
          rows.find((row) => row.crm_type === crmType),
        ),
      );
    },

    async updateEventSettings(
      managed: ManagedEvent,
      crmType: CrmType,
      changes: { is_enabled?: boolean; campaign_member_status?: string; hubspot_portal_id?: string },
    ) {
      const event = usingEvent(managed, crmType);
      // Spec 002 §5.11: an event has a CRM's settings while the CRM is connected for it.
      if (!(await usedConnection(event.organizationId, crmType, { eventId: event.id })))
        throw new HttpError(404, 'INTEGRATION_SETTING_NOT_FOUND', crmMessages.settingNotFound);
      const wasOn = (await repository.eventSetting(event.id, crmType))?.is_enabled ?? true;
      const saved = await repository.saveEventSetting(event.id, crmType, changes);
      if (!wasOn && saved.is_enabled) await deps.backfill(event.organizationId, event.id, crmType);
      return settingsAnswer(crmType, saved);
    },

    async validateCampaign(managed: ManagedEvent, campaignId: string) {
      const { client } = await salesforceOf(managed);
      try {
        const campaign = await client.campaign(campaignId);
        return {
          is_valid: true,
          campaign: { id: campaign.id, name: campaign.name, is_active: campaign.isActive },
        };
      } catch (error) {
        if (error instanceof VendorError && error.kind === 'not_found')
          return { is_valid: false, campaign: null };
        return answerOf(error);
      }
    },

    async connectCampaign(managed: ManagedEvent, campaignId: string) {
      const { event, client } = await salesforceOf(managed);
      let campaign;
      try {
        campaign = await client.campaign(campaignId);
      } catch (error) {
        if (error instanceof VendorError && error.kind === 'not_found')
          throw new HttpError(400, 'CAMPAIGN_NOT_FOUND', crmMessages.campaignNotFound, {
            campaign_id: [crmMessages.campaignNotFound],
          });
        return answerOf(error);
      }
      const settings = await repository.saveEventSetting(event.id, 'salesforce', {
        salesforce_campaign_id: campaign.id,
        salesforce_campaign_name: campaign.name,
      });
      return {
        populated_salesforce_campaign_data: {
          id: campaign.id,
          name: campaign.name,
          is_active: campaign.isActive,
        },
        settings: settingsAnswer('salesforce', settings),
      };
    },

    async campaignMemberStatus(managed: ManagedEvent) {
      const { event, client } = await salesforceOf(managed);
      const campaignId = (await repository.eventSetting(event.id, 'salesforce'))?.salesforce_campaign_id;
      if (!campaignId) throw notFound();
      try {
        return { statuses: await client.campaignMemberStatuses(campaignId) };
      } catch (error) {
        return answerOf(error);
      }
    },

    async activitySync({ event }: ManagedEvent): Promise<IntegrationActivitySync> {
      const rows = await repository.syncStatus(event.id);
      return {
        integrationStatusMap: Object.fromEntries(
          rows.map((row) => [
            row.crm_type,
            {
              synced: row.synced,
              pending: row.pending,
              failed: row.failed,
              last_synced_at: row.last_synced_at ? new Date(row.last_synced_at).toISOString() : null,
              last_error: row.last_error,
            },
          ]),
        ),
      };
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
