import { Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  CRM_OBJECT_TYPES,
  INTEGRATION_TYPES,
  notOfferedReason,
  type HostType,
  integrationLabels,
  crmLabels,
  crmMessages,
  type CrmType,
  type MappedType,
  type EventCrmSettings,
  type IntegrationType,
} from '@studio/domain';
import { useState } from 'react';
import { HrefLink } from '../../ui/href-link.tsx';
import { CrmCard, CrmSwitchRows, NotConnectedAlert, TextSettingForm } from './crm-rows.tsx';
import { CrmSyncStatus } from './crm-sync-status.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import {
  useActivitySync,
  useCampaignMemberStatuses,
  useConnectCampaign,
  notConnectedMessage,
  useConnections,
  useEventSettings,
  useTargetFields,
  useUpdateEventSettings,
  validateCampaign,
  type CrmSettingsChanges,
} from './crm-api.ts';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { ListTable } from '../../ui/list-table.tsx';

const loading = <Loading label="Loading" />;

/** The address of a connector's settings: `base` is the workspace's, e.g. /events/{id} or /webinar/{id}. */
const crmPath = (base: string, crmType: IntegrationType) => `${base}/integration/${crmType}`;

/**
 * The event's CRM and marketing connectors at a glance: connected or not, and registrants synced;
 * only those offered on it (Eloqua with an event form, Wistia by `hostType` once the event is read),
 * and a line saying why for each one that is not.
 */
export function CrmEventSummary({ eventId, base, hostType }: CrmEventSummaryProps) {
  const connections = useConnections({ event: eventId });
  const sync = useActivitySync(eventId);
  if (connections.isError) return <ErrorAlert>{crmMessages.initializeFailed}</ErrorAlert>;
  if (!connections.data) return loading;
  const eloquaFormId = connections.data.find((one) => one.crm_type === 'eloqua')?.eloqua_form_id;
  const notOffered = INTEGRATION_TYPES.map((crmType) =>
    notOfferedReason(crmType, { hostType, eloquaFormId }),
  );
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {INTEGRATION_TYPES.filter((_, index) => notOffered[index] === null).map((crmType) => {
          const status = sync.data?.integrationStatusMap[crmType];
          return (
            <CrmCard
              key={crmType}
              crmType={crmType}
              connection={connections.data.find((one) => one.crm_type === crmType)}
              settingsHref={`${crmPath(base, crmType)}/settings`}
            >
              {sync.isError ? (
                <Text size="sm" c="red">
                  {crmMessages.activitySyncFailed}
                </Text>
              ) : (
                status && (
                  <Text size="sm">
                    {status.synced} synced · {status.pending} pending · {status.failed} failed
                  </Text>
                )
              )}
            </CrmCard>
          );
        })}
      </SimpleGrid>
      {notOffered.map(
        (reason) =>
          reason && (
            <Text key={reason} size="sm" c="dimmed">
              {reason}
            </Text>
          ),
      )}
    </Stack>
  );
}

interface CrmEventSummaryProps {
  eventId: string;
  base: string;
  hostType: HostType | undefined;
}

/** /events/$eventId/integration/$integrationType/settings for a CRM: on or off, campaign or portal, sync status. */
export function CrmEventSettingsPanel({ eventId, base, crmType }: CrmEventSettingsPanelProps) {
  const settings = useEventSettings(eventId);
  const connections = useConnections({ event: eventId });
  const update = useUpdateEventSettings(eventId, crmType);
  if (settings.isError || connections.isError) return <ErrorAlert>{crmMessages.initializeFailed}</ErrorAlert>;
  const current = settings.data?.find((one) => one.crm_type === crmType);
  if (!current || !connections.data) return loading;
  const connected = connections.data.find((one) => one.crm_type === crmType)?.is_authenticated === true;
  return (
    <Stack maw={640}>
      <CrmSwitchRows
        crmType={crmType}
        connected={connected}
        label={`Send this event's registrants to ${crmLabels[crmType]}`}
        // Spec 002 §5.11: an event has a CRM's setting only while the CRM is connected for it.
        checked={connected && current.is_enabled}
        disabled={!connected}
        onChange={(checked) => update.mutate({ is_enabled: checked })}
      />
      {connected && crmType === 'salesforce' && <SalesforceCampaign eventId={eventId} settings={current} />}
      {connected && crmType === 'hubspot' && <EventHubSpotPortal eventId={eventId} settings={current} />}
      <CrmSyncStatus eventId={eventId} crmType={crmType} />
      <FieldMappingLinks base={base} crmType={crmType} />
    </Stack>
  );
}

interface CrmObjectFieldsProps {
  crmType: MappedType;
  objectType: string;
  workspace: string | undefined;
}

interface CrmEventSettingsPanelProps {
  eventId: string;
  /** The workspace's address: /events/{id} or /webinar/{id}. */
  base: string;
  crmType: CrmType;
}

/** The links to each object's field mapping of an event, a webinar or a template (CRMs, Marketo, Pardot, Eloqua). */
export function FieldMappingLinks({ base, crmType }: { base: string; crmType: MappedType }) {
  return (
    <Group gap="md">
      {CRM_OBJECT_TYPES[crmType].map((objectType) => (
        <HrefLink key={objectType} href={`${crmPath(base, crmType)}/field-mapping/${objectType}`} size="sm">
          Map {objectType} fields
        </HrefLink>
      ))}
    </Group>
  );
}

function SalesforceCampaign({ eventId, settings }: { eventId: string; settings: EventCrmSettings }) {
  const [campaignId, setCampaignId] = useState(settings.salesforce_campaign_id ?? '');
  const [verdict, setVerdict] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const connect = useConnectCampaign(eventId);
  const statuses = useCampaignMemberStatuses(eventId, settings.salesforce_campaign_id !== null);
  const update = useUpdateEventSettings(eventId, 'salesforce');
  const validate = async () => {
    setChecking(true);
    try {
      const answer = await validateCampaign(eventId, campaignId.trim());
      setVerdict(answer.campaign ? `Campaign found: ${answer.campaign.name}` : crmMessages.campaignNotFound);
    } catch {
      setVerdict(crmMessages.somethingWentWrong);
    } finally {
      setChecking(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Salesforce campaign">
      <Title order={2} size="h5">
        Campaign
      </Title>
      {settings.salesforce_campaign_name && (
        <Text size="sm">
          Registrants join {settings.salesforce_campaign_name} ({settings.salesforce_campaign_id}).
        </Text>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Campaign id"
          value={campaignId}
          maxLength={18}
          onChange={(event) => setCampaignId(event.currentTarget.value)}
        />
        <Button
          variant="default"
          loading={checking}
          disabled={!campaignId.trim()}
          onClick={() => void validate()}
        >
          Validate
        </Button>
        <Button
          loading={connect.isPending}
          disabled={!campaignId.trim()}
          onClick={() => connect.mutate(campaignId.trim())}
        >
          Connect
        </Button>
      </Group>
      {verdict && (
        <Text size="sm" role="status">
          {verdict}
        </Text>
      )}
      {statuses.data && (
        <SelectField
          label="Campaign member status"
          searchable={false}
          options={statuses.data.statuses.map((status) => ({ value: status.label, label: status.label }))}
          value={settings.campaign_member_status}
          onChange={(value) => value && update.mutate({ campaign_member_status: value })}
        />
      )}
    </Stack>
  );
}

function EventHubSpotPortal({ eventId, settings }: { eventId: string; settings: EventCrmSettings }) {
  const update = useUpdateEventSettings(eventId, 'hubspot', crmMessages.hubspotPortalFailed);
  return <HubSpotPortal current={settings.hubspot_portal_id} update={update} />;
}

/** The HubSpot portal of an event or an integration template, saved by the caller's `update`. */
export function HubSpotPortal({ current, update }: { current: string | null; update: SettingsUpdate }) {
  return (
    <TextSettingForm
      name="HubSpot portal"
      label="HubSpot portal id"
      initial={current}
      action="Save portal id"
      pending={update.isPending}
      numeric
      onSave={(portalId) => update.mutate({ hubspot_portal_id: portalId })}
    />
  );
}

/** Saves one CRM's settings of an event or an integration template. */
export interface SettingsUpdate {
  mutate: (changes: CrmSettingsChanges) => void;
  isPending: boolean;
}

/**
 * The CRM's fields of an object as the organisation's connection reads them, or (`workspace`) the
 * one the team uses (application settings).
 */
export function CrmObjectFields({ crmType, objectType, workspace }: CrmObjectFieldsProps) {
  const fields = useTargetFields(crmType, objectType, { workspace });
  if (fields.isError) {
    const notConnected = notConnectedMessage(fields.error);
    return notConnected ? (
      <NotConnectedAlert crmType={crmType} message={notConnected} />
    ) : (
      <ErrorAlert>{crmMessages.objectTypesFailed(integrationLabels[crmType])}</ErrorAlert>
    );
  }
  if (!fields.data) return loading;
  return (
    <ListTable label={`${objectType} fields`} minWidth={480} columns={['Field', 'API name', 'Type', 'Notes']}>
      {fields.data.map((field) => (
        <Table.Tr key={field.id}>
          <Table.Td>{field.label}</Table.Td>
          <Table.Td>{field.id}</Table.Td>
          <Table.Td>{field.type}</Table.Td>
          <Table.Td>
            {[
              field.is_required && 'Required',
              field.is_custom && 'Custom',
              !field.is_updateable && 'Read-only',
            ]
              .filter(Boolean)
              .join(', ')}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
