import type { ReactNode } from 'react';
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { accessMessages, crmLabels, integrationLabels, serverMessages } from '@studio/domain';
import { CrmApplicationsList, isCrmType } from '../features/crm-integrations/crm-applications.tsx';
import { CrmEventSettingsPanel, CrmEventSummary } from '../features/crm-integrations/crm-event-settings.tsx';
import { isMarketingType, MarketingEventSettings } from '../features/crm-integrations/marketing-settings.tsx';
import { IntegrationsSummary } from '../features/integrations/integrations-summary.tsx';
import { WebhooksPanel } from '../features/integrations/webhooks-panel.tsx';
import { SlackConnectionPanel } from '../features/slack/slack-connection-panel.tsx';
import { SlackNotificationsPage } from '../features/slack/slack-notifications-page.tsx';
import { WorkspacePlaceholderPage } from '../features/placeholder/placeholder-page.tsx';
import { useAccess } from '../session/use-access.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useOrganization } from './event-with-organization.tsx';

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading" />
  </Center>
);

/** /events/$eventId/integration/summary: the event's integrations at a glance. */
export function EventIntegrationSummaryRoute() {
  const eventId = useRouteParam('eventId');
  return (
    <Stack>
      <PageHeader title="Integrations" description="What this event sends to your other systems." />
      <IntegrationsSummary eventId={eventId} />
      <CrmEventSummary eventId={eventId} />
    </Stack>
  );
}

/** /events/$eventId/integration/$integrationType/settings: the event's webhooks, Slack or CRM (other connectors are not built). */
export function EventIntegrationSettingsRoute() {
  const eventId = useRouteParam('eventId');
  const type = useRouteParam('integrationType');
  const organization = useOrganization();
  if (type === 'slack')
    return (
      <Stack>
        <PageHeader title="Slack" />
        {organization ? (
          <SlackNotificationsPage
            organizationId={organization.id}
            eventId={eventId}
            verifiesChannels={organization.feature_flags.isSlackChannelVerifyEnabled === true}
          />
        ) : (
          loading
        )}
      </Stack>
    );
  if (isCrmType(type))
    return (
      <Stack>
        <PageHeader title={crmLabels[type]} />
        <CrmEventSettingsPanel eventId={eventId} crmType={type} />
      </Stack>
    );
  if (isMarketingType(type))
    return (
      <Stack>
        <PageHeader title={integrationLabels[type]} />
        <MarketingEventSettings eventId={eventId} type={type} />
      </Stack>
    );
  if (type !== 'webhooks') return <WorkspacePlaceholderPage />;
  return (
    <Stack>
      <PageHeader title="Webhooks" />
      {organization ? <WebhooksPanel organizationId={organization.id} eventId={eventId} /> : loading}
    </Stack>
  );
}

/** /integrations: the organisation's integrations; its webhooks (every event's) need `organization:update`. */
export function OrganizationIntegrationsRoute() {
  const organization = useOrganization();
  return (
    <Stack>
      <PageHeader title="Integrations" description="What your organisation sends to your other systems." />
      {organization ? <OrganizationWebhooks organizationId={organization.id} /> : loading}
      {organization && (
        <AdminSection organizationId={organization.id} id="organization-slack" title="Slack">
          <SlackConnectionPanel organizationId={organization.id} />
        </AdminSection>
      )}
      {organization && (
        <AdminSection organizationId={organization.id} id="organization-crms" title="CRM">
          <CrmApplicationsList />
        </AdminSection>
      )}
    </Stack>
  );
}

function OrganizationWebhooks({ organizationId }: { organizationId: string }) {
  const access = useAccess(organizationId);
  if (access.permissionsFailed)
    return (
      <Alert color="red" role="alert">
        {accessMessages.permissionsFetchFailed}
      </Alert>
    );
  if (!access.permissionsLoaded) return loading;
  return (
    <Stack component="section" aria-labelledby="organization-webhooks">
      <Title order={2} size="h4" id="organization-webhooks">
        Webhooks
      </Title>
      {access.can('organization:update') ? (
        <WebhooksPanel organizationId={organizationId} eventId={null} />
      ) : (
        <Alert color="yellow">{serverMessages.forbidden}</Alert>
      )}
    </Stack>
  );
}

/** A section of /integrations that only the organisation's admins (`organization:update`) see. */
function AdminSection({ organizationId, id, title, children }: AdminSectionProps) {
  const access = useAccess(organizationId);
  if (!access.permissionsLoaded || !access.can('organization:update')) return null;
  return (
    <Stack component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

interface AdminSectionProps {
  organizationId: string;
  id: string;
  title: string;
  children: ReactNode;
}
