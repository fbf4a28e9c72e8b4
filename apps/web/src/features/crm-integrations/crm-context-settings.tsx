import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { CRM_TYPES, crmLabels, crmMessages, type CrmType, type IntegrationContext } from '@studio/domain';
import { useConnections, useIntegrationTemplate, useUpdateIntegrationTemplate } from './crm-api.ts';
import { FieldMappingLinks, HubSpotPortal } from './crm-event-settings.tsx';
import { CrmCard, CrmSwitchRows, TextSettingForm } from './crm-rows.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

const loading = <Loading label="Loading" />;

/** Whose integration template: a studio template's or a series', and its workspace's address. */
export interface ContextOwner {
  entityType: IntegrationContext;
  entityId: string;
  /** /templates/{id}, /series/{id} or /repeating-event/{id}. */
  base: string;
}

const settingsPath = ({ entityType, base }: ContextOwner, crmType: CrmType) =>
  entityType === 'STUDIO_TEMPLATE'
    ? `${base}/integration/${crmType}/settings`
    : `${base}/integration/${crmType}`;

/** The query of the connections a template's or series' events use. */
const usedBy = ({ entityType, entityId }: ContextOwner) =>
  entityType === 'STUDIO_TEMPLATE' ? { studio_template: entityId } : { series: entityId };

const whose = (entityType: IntegrationContext) =>
  entityType === 'STUDIO_TEMPLATE' ? 'events made from this template' : "this series' events";

/** A template's or a series' CRMs at a glance: connected or not, on or off for its events. */
export function CrmContextSummary({ owner }: { owner: ContextOwner }) {
  const connections = useConnections(usedBy(owner));
  const template = useIntegrationTemplate(owner.entityType, owner.entityId);
  if (template.isError) return <ErrorAlert>{crmMessages.integrationTemplateFailed}</ErrorAlert>;
  if (connections.isError) return <ErrorAlert>{crmMessages.initializeFailed}</ErrorAlert>;
  if (!connections.data || !template.data) return loading;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {CRM_TYPES.map((crmType) => {
        const connection = connections.data.find((one) => one.crm_type === crmType);
        const enabled = template.data.settings.find((one) => one.crm_type === crmType)?.is_enabled;
        return (
          <CrmCard
            key={crmType}
            crmType={crmType}
            connection={connection}
            settingsHref={settingsPath(owner, crmType)}
          >
            {connection?.is_authenticated && (
              <Badge variant="light" color={enabled ? 'blue' : 'gray'}>
                {enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </CrmCard>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * One CRM's settings of a template's or a series' integration template: on or off, the campaign
 * member status and HubSpot portal its events start with, and (templates) the field mappings.
 */
export function CrmContextSettingsPanel({ owner, crmType }: { owner: ContextOwner; crmType: CrmType }) {
  const connections = useConnections(usedBy(owner));
  const template = useIntegrationTemplate(owner.entityType, owner.entityId);
  const update = useUpdateIntegrationTemplate(owner.entityType, owner.entityId, crmType);
  const portal = useUpdateIntegrationTemplate(
    owner.entityType,
    owner.entityId,
    'hubspot',
    crmMessages.hubspotPortalFailed,
  );
  if (template.isError) return <ErrorAlert>{crmMessages.integrationTemplateFailed}</ErrorAlert>;
  if (connections.isError) return <ErrorAlert>{crmMessages.initializeFailed}</ErrorAlert>;
  const current = template.data?.settings.find((one) => one.crm_type === crmType);
  if (!current || !connections.data) return loading;
  const connected = connections.data.find((one) => one.crm_type === crmType)?.is_authenticated === true;
  return (
    <Stack maw={640}>
      <Text size="sm" c="dimmed">
        These settings are what {whose(owner.entityType)} start with; each event can change its own.
      </Text>
      <CrmSwitchRows
        crmType={crmType}
        connected={connected}
        label={`Send the registrants of ${whose(owner.entityType)} to ${crmLabels[crmType]}`}
        checked={current.is_enabled}
        onChange={(checked) => update.mutate({ is_enabled: checked })}
      />
      {crmType === 'salesforce' && (
        // The status the events' registrants get (each event picks its campaign).
        <TextSettingForm
          name="Campaign member status"
          label="Campaign member status"
          initial={current.campaign_member_status}
          action="Save status"
          pending={update.isPending}
          onSave={(status) => update.mutate({ campaign_member_status: status })}
        />
      )}
      {crmType === 'hubspot' && <HubSpotPortal current={current.hubspot_portal_id} update={portal} />}
      {owner.entityType === 'STUDIO_TEMPLATE' && <FieldMappingLinks base={owner.base} crmType={crmType} />}
    </Stack>
  );
}
