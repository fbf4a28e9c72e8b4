import {
  campaignMemberStatusSchema,
  connectedCampaignSchema,
  crmAuthenticationResultSchema,
  crmConnectionListSchema,
  crmMessages,
  CRM_NOT_CONNECTED_CODE,
  CRM_SYNC_FAILURES_PAGE_SIZE,
  CRM_SYNC_UPDATED,
  crmSyncFailurePageSchema,
  crmSyncRetryAnswerSchema,
  crmSourceFieldListSchema,
  crmTargetFieldListSchema,
  eloquaFormAnswerSchema,
  eventMarketingSettingsSchema,
  eventCrmSettingsSchema,
  fieldMappingSchema,
  integrationActivitySyncSchema,
  integrationTemplateSchema,
  marketoActivityTypesSchema,
  marketoFoldersSchema,
  marketoMemberStatusesSchema,
  clonedMarketoProgramSchema,
  isMarketoFolderSearch,
  type CloneMarketoProgram,
  pardotImportSchema,
  pardotListAnswerSchema,
  PARDOT_IMPORT_UPDATED,
  validatedMarketoProgramSchema,
  wistiaProjectsSchema,
  wistiaRecordingSchema,
  wistiaRecordingsSchema,
  WISTIA_PUSH_UPDATED,
  marketingMessages,
  validatedCampaignSchema,
  type ConnectionsQuery,
  type CrmCredentials,
  type CrmType,
  type MappedType,
  integrationLabels,
  type IntegrationType,
  type FieldMappingEntityType,
  type IntegrationContext,
  type FieldMappingEntry,
  type WistiaRecording,
} from '@studio/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useStudioPushes } from '../../api/studio-pushes.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** What a field mapping belongs to: an event, a template or a global form (spec 001 §7). */
export interface MappingOwner {
  entityType: FieldMappingEntityType;
  entityId: string;
}

const crm = '/integrations/crm/';
const mappings = '/integrations/field-mappings/';
const q = encodeURIComponent;

/** `?workspace=`: a team's connections rather than the organisation's (team-level integrations). */
const ownerQuery = (workspace: string | undefined) => (workspace ? `?workspace=${q(workspace)}` : '');

const connectionParams = (query: ConnectionsQuery) =>
  Object.entries(query).filter((pair): pair is [string, string] => Boolean(pair[1]));

/**
 * `workspace`: a team's connections; `event`, `studio_template` or `series`: the connections it uses
 * (its team's while team-level integrations are on); none: the organisation's.
 */
export const fetchConnections = (query: ConnectionsQuery = {}) => {
  const search = new URLSearchParams(connectionParams(query)).toString();
  return studioApi.request({
    method: 'GET',
    path: `${crm}connections/${search && `?${search}`}`,
    schema: crmConnectionListSchema,
  });
};
export const connectionsQuery = (query: ConnectionsQuery = {}) =>
  queryOptions({
    queryKey: [...queryKeys.crm.connections, query],
    queryFn: () => fetchConnections(query),
  });
export const useConnections = (query?: ConnectionsQuery) => useQuery(connectionsQuery(query));

/**
 * The CRM object's fields, read through the connection `query` names or uses, as for the
 * connections (none: the organisation's).
 */
export const fetchTargetFields = (crmType: MappedType, objectType: string, query: ConnectionsQuery = {}) => {
  const search = new URLSearchParams([['crm_object_type', objectType], ...connectionParams(query)]);
  return studioApi.request({
    method: 'GET',
    path: `${crm}${crmType}/target_fields/?${search.toString()}`,
    schema: crmTargetFieldListSchema,
  });
};
export const targetFieldsQuery = (crmType: MappedType, objectType: string, query: ConnectionsQuery = {}) =>
  queryOptions({
    queryKey: [...queryKeys.crm.targetFields(crmType, objectType), query],
    queryFn: () => fetchTargetFields(crmType, objectType, query),
    // The server already asked the CRM again 3 times, 500 ms apart.
    retry: false,
  });
export const useTargetFields = (crmType: MappedType, objectType: string, query?: ConnectionsQuery) =>
  useQuery(targetFieldsQuery(crmType, objectType, query));

/**
 * The server's words when a CRM read was refused because the CRM is not connected (409
 * CRM_NOT_CONNECTED: 'Salesforce is not connected to your organisation.'), else null: the
 * screen's generic sentence stays for the CRM's own failures.
 */
export const notConnectedMessage = (...errors: unknown[]): string | null =>
  errors.find(
    (error): error is ApiRequestError =>
      error instanceof ApiRequestError && error.code === CRM_NOT_CONNECTED_CODE,
  )?.message ?? null;

/** The connection a mapping's fields are read through: its event's or template's (a global form: the organisation's). */
export const mappingConnection = (owner: MappingOwner): ConnectionsQuery =>
  owner.entityType === 'EVENT'
    ? { event: owner.entityId }
    : owner.entityType === 'STUDIO_TEMPLATE'
      ? { studio_template: owner.entityId }
      : {};

const sourceParam: Record<FieldMappingEntityType, string> = {
  EVENT: 'event_id',
  STUDIO_TEMPLATE: 'studio_template_id',
  GLOBAL_FORM: 'form_id',
};
export const fetchSourceFields = (owner: MappingOwner) =>
  studioApi.request({
    method: 'GET',
    path: `${mappings}source_fields/?${sourceParam[owner.entityType]}=${q(owner.entityId)}`,
    schema: crmSourceFieldListSchema,
  });
export const sourceFieldsQuery = (owner: MappingOwner) =>
  queryOptions({
    queryKey: queryKeys.crm.sourceFields(owner.entityType, owner.entityId),
    queryFn: () => fetchSourceFields(owner),
  });
export const useSourceFields = (owner: MappingOwner) => useQuery(sourceFieldsQuery(owner));

const mappingQuery = (crmType: MappedType, objectType: string, owner: MappingOwner) =>
  `crm_type=${crmType}&crm_object_type=${q(objectType)}&entity_type=${owner.entityType}&entity_id=${q(owner.entityId)}`;
export const fetchMapping = (crmType: MappedType, objectType: string, owner: MappingOwner) =>
  studioApi.request({
    method: 'GET',
    path: `${mappings}?${mappingQuery(crmType, objectType, owner)}`,
    schema: fieldMappingSchema,
  });
export const mappingQueryOptions = (crmType: MappedType, objectType: string, owner: MappingOwner) =>
  queryOptions({
    queryKey: queryKeys.crm.mapping(crmType, objectType, owner.entityType, owner.entityId),
    queryFn: () => fetchMapping(crmType, objectType, owner),
  });
export const useMapping = (crmType: MappedType, objectType: string, owner: MappingOwner) =>
  useQuery(mappingQueryOptions(crmType, objectType, owner));

export const fetchEventSettings = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/integration_settings/`,
    schema: z.array(eventCrmSettingsSchema),
  });
export const eventSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.crm.eventSettings(eventId),
    queryFn: () => fetchEventSettings(eventId),
  });
export const useEventSettings = (eventId: string) => useQuery(eventSettingsQuery(eventId));

/** Where a studio template's or a series' integration template answers (spec 001 §7). */
const integrationTemplatePath = (entityType: IntegrationContext, entityId: string) =>
  `/event/${entityType === 'SERIES' ? 'series' : 'studio-templates'}/${q(entityId)}/integration_template/`;
export const fetchIntegrationTemplate = (entityType: IntegrationContext, entityId: string) =>
  studioApi.request({
    method: 'GET',
    path: integrationTemplatePath(entityType, entityId),
    schema: integrationTemplateSchema,
  });
export const integrationTemplateQuery = (entityType: IntegrationContext, entityId: string) =>
  queryOptions({
    queryKey: queryKeys.crm.integrationTemplate(entityType, entityId),
    queryFn: () => fetchIntegrationTemplate(entityType, entityId),
  });
export const useIntegrationTemplate = (entityType: IntegrationContext, entityId: string) =>
  useQuery(integrationTemplateQuery(entityType, entityId));

export const fetchActivitySync = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/integration_activity_sync_status/`,
    schema: integrationActivitySyncSchema,
  });
export const activitySyncQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.crm.sync(eventId), queryFn: () => fetchActivitySync(eventId) });
export const useActivitySync = (eventId: string) => useQuery(activitySyncQuery(eventId));

/** The event's people whose push to the CRM failed, the page at `offset`. */
export const fetchSyncFailures = (eventId: string, crmType: MappedType, offset: number) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/integration_sync_failures/?crm_type=${crmType}&limit=${CRM_SYNC_FAILURES_PAGE_SIZE}${offset ? `&offset=${offset}` : ''}`,
    schema: crmSyncFailurePageSchema,
  });
export const useSyncFailures = (eventId: string, crmType: MappedType, offset: number) =>
  useQuery({
    queryKey: [...queryKeys.crm.sync(eventId), 'failures', crmType, offset],
    queryFn: () => fetchSyncFailures(eventId, crmType, offset),
  });

/** "Retry": the failed people's pushes queued again; their progress comes over the socket. */
export const useRetrySync = (eventId: string, crmType: MappedType) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/integration_sync_retry/`,
        body: { crm_type: crmType },
        schema: crmSyncRetryAnswerSchema,
      }),
    successToast: ({ queued }) => `${queued} ${queued === 1 ? 'push' : 'pushes'} queued again.`,
    invalidates: [queryKeys.crm.sync(eventId)],
  });

/** Each push's outcome the server tells the event's studios: the counts and failures are read again. */
export function useSyncPushes(eventId: string) {
  const queryClient = useQueryClient();
  useStudioPushes(eventId, (message) => {
    if (message.type !== CRM_SYNC_UPDATED || message.data.eventId !== eventId) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.crm.sync(eventId) });
  });
}

export const fetchCampaignMemberStatuses = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/salesforce_campaign_member_status/`,
    schema: campaignMemberStatusSchema,
  });
export const useCampaignMemberStatuses = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.crm.eventSettings(eventId), 'member-statuses'],
    queryFn: () => fetchCampaignMemberStatuses(eventId),
    enabled,
  });

// Mutation hooks: the spec's toasts (001 §8, 002 §8.9); a refusal's message is the server's.

export const useAuthenticate = ({
  workspace,
  ...options
}: { onFailure?: (error: unknown) => void; workspace?: string } = {}) =>
  useStudioMutation({
    mutationFn: (body: CrmCredentials) =>
      studioApi.request({
        method: 'POST',
        path: `${crm}authenticate/${ownerQuery(workspace)}`,
        body,
        schema: crmAuthenticationResultSchema,
      }),
    successToast: crmMessages.authenticationSuccessful,
    invalidates: [queryKeys.crm.all],
    ...options,
  });

export const useAuthHealth = (crmType: IntegrationType, workspace?: string) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `${crm}${crmType}/auth_health/${ownerQuery(workspace)}`,
        body: {},
        schema: crmAuthenticationResultSchema,
      }),
    successToast: crmMessages.authenticationSuccessful,
    invalidates: [queryKeys.crm.all],
  });

export const useUpdateRegion = (crmType: CrmType, workspace?: string) =>
  useStudioMutation({
    mutationFn: (region: string) =>
      studioApi.request({
        method: 'PATCH',
        path: `${crm}${crmType}/region/${ownerQuery(workspace)}`,
        body: { region },
        schema: crmAuthenticationResultSchema,
      }),
    successToast: crmMessages.regionUpdated,
    invalidates: [queryKeys.crm.connections],
  });

export const useSaveMapping = (
  crmType: MappedType,
  objectType: string,
  owner: MappingOwner,
  options: { onSaved: (rows: FieldMappingEntry[]) => void; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (rows: FieldMappingEntry[]) =>
      studioApi.request({
        method: 'POST',
        path: `${mappings}bulk_save/`,
        body: {
          crm_type: crmType,
          crm_object_type: objectType,
          entity_type: owner.entityType,
          entity_id: owner.entityId,
          field_mappings: rows,
        },
        schema: fieldMappingSchema,
      }),
    successToast:
      owner.entityType === 'GLOBAL_FORM' ? crmMessages.formMappingsSaved : crmMessages.mappingsSaved,
    invalidates: [queryKeys.crm.mapping(crmType, objectType, owner.entityType, owner.entityId)],
    onSuccess: (saved) => options.onSaved(saved.field_mappings),
    onFailure: options.onFailure,
  });

export const useCreateDefaultMappings = (crmType: MappedType, owner: MappingOwner) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `${mappings}defaults/`,
        body: { crm_type: crmType, entity_type: owner.entityType, entity_id: owner.entityId },
        schema: z.array(fieldMappingSchema),
      }),
    failureToast: crmMessages.defaultMappingsFailed(integrationLabels[crmType]),
    invalidates: [queryKeys.crm.all],
  });

/** What an event's or an integration template's settings for one CRM take. */
export interface CrmSettingsChanges {
  is_enabled?: boolean;
  campaign_member_status?: string;
  hubspot_portal_id?: string;
}

export const useUpdateEventSettings = (eventId: string, crmType: CrmType, failureToast?: string) =>
  useStudioMutation({
    mutationFn: (body: CrmSettingsChanges) =>
      studioApi.request({
        method: 'PATCH',
        path: `/event/${q(eventId)}/integration_settings/${crmType}/`,
        body,
        schema: eventCrmSettingsSchema,
      }),
    successToast: 'Integration settings saved.',
    ...(failureToast !== undefined && { failureToast }),
    invalidates: [queryKeys.crm.eventSettings(eventId)],
  });

export const useUpdateIntegrationTemplate = (
  entityType: IntegrationContext,
  entityId: string,
  crmType: CrmType,
  failureToast?: string,
) =>
  useStudioMutation({
    mutationFn: (body: CrmSettingsChanges) =>
      studioApi.request({
        method: 'PATCH',
        path: `${integrationTemplatePath(entityType, entityId)}${crmType}/`,
        body,
        schema: integrationTemplateSchema,
      }),
    successToast: 'Integration settings saved.',
    ...(failureToast !== undefined && { failureToast }),
    invalidates: [queryKeys.crm.integrationTemplate(entityType, entityId)],
  });

export const validateCampaign = (eventId: string, campaignId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/validate_salesforce_campaign_id/?campaign_id=${q(campaignId)}`,
    schema: validatedCampaignSchema,
  });

export const useConnectCampaign = (eventId: string) =>
  useStudioMutation({
    mutationFn: (campaignId: string) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/connect_salesforce_campaign/`,
        body: { campaign_id: campaignId },
        schema: connectedCampaignSchema,
      }),
    successToast: (connected) => `Campaign ${connected.populated_salesforce_campaign_data.name} connected.`,
    invalidates: [queryKeys.crm.eventSettings(eventId)],
  });

// Marketing connectors (spec 001 §7, 002 §7.12): the organisation's Marketo activity types.

export const useCreateMarketoActivityTypes = (organizationId: string) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({
        method: 'POST',
        path: `/core/organization/${organizationId}/create_marketo_custom_activity_types/`,
        body: {},
        schema: marketoActivityTypesSchema,
      }),
    // The created types' ids are kept: the organisation and its connections answer them.
    invalidates: [queryKeys.organization(organizationId), queryKeys.crm.connections],
  });

// What the lookups found, stored: the event's Marketo program, Pardot list and Wistia project;
// the organisation's Eloqua event form and Marketo base program.

export const fetchMarketingSettings = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/marketing_settings/`,
    schema: z.array(eventMarketingSettingsSchema),
  });
export const marketingSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.crm.marketingSettings(eventId),
    queryFn: () => fetchMarketingSettings(eventId),
  });
export const useMarketingSettings = (eventId: string) => useQuery(marketingSettingsQuery(eventId));

export const fetchWistiaProjects = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/fetch_wistia_existing_projects_v2/`,
    schema: wistiaProjectsSchema,
  });
export const useWistiaProjects = (eventId: string) =>
  useQuery({ queryKey: queryKeys.crm.wistiaProjects(eventId), queryFn: () => fetchWistiaProjects(eventId) });

export const useConnectMarketoProgram = (eventId: string) =>
  useStudioMutation({
    mutationFn: (programId: number) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/connect_marketo_program/`,
        body: { program_id: programId },
        schema: validatedMarketoProgramSchema,
      }),
    successToast: (answer) => `Marketo program ${answer.program?.name ?? ''} connected.`,
    invalidates: [queryKeys.crm.marketingSettings(eventId)],
  });

/** Spec 001 §7: Marketo's folders whose name holds the search, through the event's connection. */
export const fetchMarketoFolders = (searchName: string, query: ConnectionsQuery) => {
  const search = new URLSearchParams([['search_name', searchName], ...connectionParams(query)]);
  return studioApi.request({
    method: 'GET',
    path: `/integrations/marketo/folders/?${search.toString()}`,
    schema: marketoFoldersSchema,
  });
};
export const marketoFoldersQuery = (searchName: string, query: ConnectionsQuery) =>
  queryOptions({
    queryKey: [...queryKeys.crm.marketoFolders, searchName, query],
    queryFn: () => fetchMarketoFolders(searchName, query),
    enabled: isMarketoFolderSearch(searchName),
  });
export const useMarketoFolders = (searchName: string, query: ConnectionsQuery) =>
  useQuery(marketoFoldersQuery(searchName, query));

/** The member statuses (the channel's progression) of the event's Marketo program. */
export const fetchMarketoMemberStatuses = (eventId: string, programId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/marketo_program_member_status/?program_id=${q(programId)}`,
    schema: marketoMemberStatusesSchema,
  });
export const marketoMemberStatusesQuery = (eventId: string, programId: string) =>
  queryOptions({
    queryKey: [...queryKeys.crm.marketingSettings(eventId), 'member-statuses', programId],
    queryFn: () => fetchMarketoMemberStatuses(eventId, programId),
  });
export const useMarketoMemberStatuses = (eventId: string, programId: string) =>
  useQuery(marketoMemberStatusesQuery(eventId, programId));

/** A new program cloned in Marketo becomes the event's (spec 001 §7); the spec's toast (001 §8). */
export const useCloneMarketoProgram = (eventId: string, onCloned: () => void) =>
  useStudioMutation({
    mutationFn: (body: CloneMarketoProgram) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/clone_marketo_program/`,
        body,
        schema: clonedMarketoProgramSchema,
      }),
    successToast: marketingMessages.marketoProgramCloned,
    invalidates: [queryKeys.crm.marketingSettings(eventId)],
    onSuccess: onCloned,
  });

export const useUpdatePardotList = (eventId: string) =>
  useStudioMutation({
    mutationFn: (body: { list_id: number; activity_type: string }) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/update_pardot_list_id_v2/`,
        body,
        schema: pardotListAnswerSchema,
      }),
    invalidates: [queryKeys.crm.marketingSettings(eventId), queryKeys.crm.pardotImport(eventId)],
  });

export const fetchPardotImport = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/pardot_import/`,
    schema: pardotImportSchema,
  });
/** Where the import of the event's SYNC_PARDOT list stands, each change as the server pushes it. */
export function usePardotImport(eventId: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.crm.pardotImport(eventId);
  useStudioPushes(eventId, (message) => {
    if (message.type !== PARDOT_IMPORT_UPDATED || message.data.eventId !== eventId) return;
    queryClient.setQueryData(queryKey, { import: message.data.import });
  });
  return useQuery({ queryKey, queryFn: () => fetchPardotImport(eventId) });
}

export const useConnectWistiaProject = (eventId: string) =>
  useStudioMutation({
    mutationFn: (projectId: string) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/connect_wistia_project/`,
        body: { project_id: projectId },
        schema: wistiaProjectsSchema.shape.wistia_projects.element,
      }),
    successToast: (project) => `Wistia project ${project.name} connected.`,
    invalidates: [queryKeys.crm.marketingSettings(eventId)],
  });

export const fetchWistiaRecordings = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `/event/${q(eventId)}/wistia_recordings/`,
    schema: wistiaRecordingsSchema,
  });
/** The event's recordings and their pushes, each push's changes as the server pushes them. */
export function useWistiaRecordings(eventId: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.crm.wistiaRecordings(eventId);
  useStudioPushes(eventId, (message) => {
    if (message.type !== WISTIA_PUSH_UPDATED || message.data.eventId !== eventId) return;
    const { video_id, push } = message.data;
    queryClient.setQueryData(
      queryKeys.crm.wistiaRecordings(eventId),
      (list: { recordings: WistiaRecording[] } | undefined) =>
        list && {
          recordings: list.recordings.map((recording) =>
            recording.video_id === video_id ? { ...recording, push } : recording,
          ),
        },
    );
  });
  return useQuery({ queryKey, queryFn: () => fetchWistiaRecordings(eventId) });
}

/** A push by hand (again after one ended): the upload runs as a job. */
export const usePushToWistia = (eventId: string) =>
  useStudioMutation({
    mutationFn: (videoId: string) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${q(eventId)}/push_recording_to_wistia/`,
        body: { video_id: videoId },
        schema: wistiaRecordingSchema,
      }),
    successToast: marketingMessages.wistiaPushQueued,
    invalidates: [queryKeys.crm.wistiaRecordings(eventId)],
  });

export const useSaveEloquaForm = (organizationId: string) =>
  useStudioMutation({
    mutationFn: (formId: string) =>
      studioApi.request({
        method: 'POST',
        path: '/integrations/eloqua/event_form/',
        body: { eloqua_form_id: formId },
        schema: eloquaFormAnswerSchema,
      }),
    invalidates: [queryKeys.organization(organizationId)],
  });

export const useSaveMarketoBaseProgram = (organizationId: string) =>
  useStudioMutation({
    mutationFn: (programId: number) =>
      studioApi.request({
        method: 'POST',
        path: '/integrations/marketo/base_program/',
        body: { program_id: programId },
        schema: validatedMarketoProgramSchema,
      }),
    successToast: (answer) => `Base program ${answer.program?.name ?? ''} saved.`,
    invalidates: [queryKeys.organization(organizationId)],
  });
