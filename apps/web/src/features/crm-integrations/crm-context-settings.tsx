import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CRM_TYPES,
  crmLabels,
  crmMessages,
  type ContextCrmSettings,
  type CrmType,
  type IntegrationContext,
} from '@studio/domain';
import { useState } from 'react';
import { HrefLink } from '../../ui/href-link.tsx';
import { useConnections, useIntegrationTemplate, useUpdateIntegrationTemplate } from './crm-api.ts';
import { connectPath, FieldMappingLinks, HubSpotPortal } from './crm-event-settings.tsx';
import { Loading } from '../../ui/list-states.tsx';

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

const whose = (entityType: IntegrationContext) =>
  entityType === 'STUDIO_TEMPLATE' ? 'events made from this template' : "this series' events";

/** A template's or a series' CRMs at a glance: connected or not, on or off for its events. */
export function CrmContextSummary({ owner }: { owner: ContextOwner }) {
  const connections = useConnections();
  const template = useIntegrationTemplate(owner.entityType, owner.entityId);
  if (connections.isError || template.isError)
    return (
      <Alert color="red" role="alert">
        {crmMessages.initializeFailed}
      </Alert>
    );
  if (!connections.data || !template.data) return loading;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {CRM_TYPES.map((crmType) => {
        const connected = connections.data.find((one) => one.crm_type === crmType)?.is_authenticated;
        const enabled = template.data.settings.find((one) => one.crm_type === crmType)?.is_enabled;
        return (
          <Card key={crmType} withBorder radius="md" component="article" aria-label={crmLabels[crmType]}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {crmLabels[crmType]}
              </Title>
              <Group gap="xs">
                <Badge variant="light" color={connected ? 'green' : 'gray'}>
                  {connected ? 'Connected' : 'Not connected'}
                </Badge>
                {connected && (
                  <Badge variant="light" color={enabled ? 'blue' : 'gray'}>
                    {enabled ? 'On' : 'Off'}
                  </Badge>
                )}
              </Group>
              <HrefLink href={connected ? settingsPath(owner, crmType) : connectPath(crmType)} size="sm">
                {connected ? 'Settings' : 'Connect'}
              </HrefLink>
            </Stack>
          </Card>
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
  const connections = useConnections();
  const template = useIntegrationTemplate(owner.entityType, owner.entityId);
  const update = useUpdateIntegrationTemplate(owner.entityType, owner.entityId, crmType);
  const portal = useUpdateIntegrationTemplate(
    owner.entityType,
    owner.entityId,
    'hubspot',
    crmMessages.hubspotPortalFailed,
  );
  if (connections.isError || template.isError)
    return (
      <Alert color="red" role="alert">
        {crmMessages.initializeFailed}
      </Alert>
    );
  const current = template.data?.settings.find((one) => one.crm_type === crmType);
  if (!current || !connections.data) return loading;
  const connected = connections.data.find((one) => one.crm_type === crmType)?.is_authenticated;
  return (
    <Stack maw={640}>
      {!connected && (
        <Alert color="yellow">
          {crmMessages.notConnected(crmLabels[crmType])}{' '}
          <HrefLink href={connectPath(crmType)}>Connect it</HrefLink>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        These settings are what {whose(owner.entityType)} start with; each event can change its own.
      </Text>
      <Switch
        label={`Send the registrants of ${whose(owner.entityType)} to ${crmLabels[crmType]}`}
        checked={current.is_enabled}
        onChange={(event) => update.mutate({ is_enabled: event.currentTarget.checked })}
      />
      {crmType === 'salesforce' && <MemberStatus settings={current} update={update} />}
      {crmType === 'hubspot' && <HubSpotPortal current={current.hubspot_portal_id} update={portal} />}
      {owner.entityType === 'STUDIO_TEMPLATE' && <FieldMappingLinks base={owner.base} crmType={crmType} />}
    </Stack>
  );
}

/** The Salesforce campaign member status the events' registrants get (each event picks its campaign). */
function MemberStatus({
  settings,
  update,
}: {
  settings: ContextCrmSettings;
  update: ReturnType<typeof useUpdateIntegrationTemplate>;
}) {
  const [status, setStatus] = useState(settings.campaign_member_status ?? '');
  return (
    <form
      aria-label="Campaign member status"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ campaign_member_status: status.trim() });
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="Campaign member status"
          maxLength={255}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={update.isPending} disabled={!status.trim()}>
          Save status
        </Button>
      </Group>
    </form>
  );
}
