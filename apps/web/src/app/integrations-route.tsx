import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import {
  accessMessages,
  crmLabels,
  crmMessages,
  integrationLabels,
  managesOrganizationIntegrations,
  marketingMessages,
  serverMessages,
  workspaceBase,
  webhookOwner,
  wistiaOffered,
  workspaceOfRoute,
  type IntegrationContext,
  connectorLabels,
} from '@studio/domain';
import {
  CrmApplicationsList,
  isCrmType,
  isIntegrationType,
} from '../features/crm-integrations/crm-applications.tsx';
import {
  CrmContextSettingsPanel,
  CrmContextSummary,
  type ContextOwner,
} from '../features/crm-integrations/crm-context-settings.tsx';
import { CrmEventSettingsPanel, CrmEventSummary } from '../features/crm-integrations/crm-event-settings.tsx';
import {
  EloquaEventSettings,
  isMarketingType,
  MarketingEventSettings,
} from '../features/crm-integrations/marketing-settings.tsx';
import { IntegrationNotFound } from '../features/integrations/integration-not-found.tsx';
import { IntegrationsSummary } from '../features/integrations/integrations-summary.tsx';
import { WebhooksPanel } from '../features/integrations/webhooks-panel.tsx';
import { SlackConnectionPanel } from '../features/slack/slack-connection-panel.tsx';
import { SlackNotificationsPage } from '../features/slack/slack-notifications-page.tsx';
import { eventQuery } from '../api/studio-event.ts';
import { useAccess } from '../session/use-access.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { useStudioRoute } from '../ui/studio-route.ts';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useOrganization } from './event-with-organization.tsx';
import { Loading } from '../ui/list-states.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';

const loading = <Loading label="Loading" />;

/** The workspace of the page on screen and its object's id: /events/{id}, /templates/{id}, /series/{id} … */
function useWorkspace() {
  const match = workspaceOfRoute(useStudioRoute()?.path ?? '');
  const id = useRouteParam(match?.param ?? '');
  return { kind: match?.kind ?? 'event', id, base: match ? workspaceBase(match.kind, id) : '' };
}

/** The way back from an unknown integration type: the integrations summary of the workspace. */
const summaryLink = (base: string) => ({ href: `${base}/integration`, label: 'Back to integrations' });

/**
 * /events/$eventId/integration(/summary) and /webinar/$eventId/integration(/summary): the event's
 * integrations at a glance.
 */
export function EventIntegrationSummaryRoute() {
  const { id: eventId, base } = useWorkspace();
  const hostType = useQuery(eventQuery(eventId)).data?.host_type;
  return (
    <Stack>
      <PageHeader title="Integrations" description="What this event sends to your other systems." />
      <IntegrationsSummary owner={webhookOwner('event', eventId)} base={base} />
      <CrmEventSummary eventId={eventId} base={base} hostType={hostType} />
    </Stack>
  );
}

/**
 * /events/$eventId/integration/$integrationType(/settings), and the webinar's: the event's
 * webhooks, Slack, CRM or marketing connector.
 */
export function EventIntegrationSettingsRoute() {
  const { id: eventId, base } = useWorkspace();
  const type = useRouteParam('integrationType');
  const organization = useOrganization();
  const event = useQuery(eventQuery(eventId)).data;
  if (type === 'wistia' && event && !wistiaOffered(event.host_type))
    return (
      <Stack>
        <PageHeader title={integrationLabels.wistia} />
        <Alert color="yellow">{marketingMessages.wistiaInPerson}</Alert>
      </Stack>
    );
  if (type === 'slack')
    return (
      <Stack>
        <PageHeader title={connectorLabels.slack} />
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
        <CrmEventSettingsPanel eventId={eventId} base={base} crmType={type} />
      </Stack>
    );
  if (isMarketingType(type))
    return (
      <Stack>
        <PageHeader title={integrationLabels[type]} />
        <MarketingEventSettings eventId={eventId} base={base} type={type} />
      </Stack>
    );
  if (type === 'eloqua')
    return (
      <Stack>
        <PageHeader title={integrationLabels.eloqua} />
        <EloquaEventSettings base={base} />
      </Stack>
    );
  if (type !== 'webhooks') return <IntegrationNotFound back={summaryLink(base)} />;
  return (
    <Stack>
      <PageHeader title={connectorLabels.webhooks} />
      {organization ? (
        <WebhooksPanel organizationId={organization.id} owner={webhookOwner('event', eventId)} />
      ) : (
        loading
      )}
    </Stack>
  );
}

/** The owner of the integration template on screen: a studio template or a series (repeating or not). */
function useContextOwner(): ContextOwner {
  const { kind, id, base } = useWorkspace();
  const entityType: IntegrationContext = kind === 'template' ? 'STUDIO_TEMPLATE' : 'SERIES';
  return { entityType, entityId: id, base };
}

/** The webhooks of the template or series on screen. */
const webhooksOf = (owner: ContextOwner) =>
  webhookOwner(owner.entityType === 'STUDIO_TEMPLATE' ? 'studio_template' : 'series', owner.entityId);

const contextDescription = (owner: ContextOwner) =>
  owner.entityType === 'STUDIO_TEMPLATE'
    ? 'What events made from this template send to your other systems.'
    : "What this series' events send to your other systems.";

/** /templates/$templateId/integration(/info): the template's integration template at a glance. */
export function ContextIntegrationSummaryRoute() {
  return <ContextSummary owner={useContextOwner()} />;
}

/** A template's or a series' integrations at a glance (`perEvent`: the type asked is set per event). */
function ContextSummary({ owner, perEvent = false }: { owner: ContextOwner; perEvent?: boolean }) {
  return (
    <Stack>
      <PageHeader title="Integrations" description={contextDescription(owner)} />
      {perEvent && <Alert color="yellow">{crmMessages.settingsOnEvents}</Alert>}
      <IntegrationsSummary owner={webhooksOf(owner)} base={owner.base} />
      <CrmContextSummary owner={owner} />
    </Stack>
  );
}

/**
 * /templates/$templateId/integration/$integrationType(/settings), /series/$seriesId/integration/
 * $integrationType and the repeating event's: one CRM's settings of the integration template; a
 * connector with no settings at this level shows the summary and says so (`summary`: the summary).
 */
export function ContextIntegrationSettingsRoute() {
  const owner = useContextOwner();
  const type = useRouteParam('integrationType');
  if (isCrmType(type))
    return (
      <Stack>
        <PageHeader title={crmLabels[type]} description={contextDescription(owner)} />
        <CrmContextSettingsPanel owner={owner} crmType={type} />
      </Stack>
    );
  if (type === 'webhooks') return <ContextWebhooks owner={owner} />;
  // A connector set up on each event says so; `summary` and `info` are the summary.
  const perEvent = isIntegrationType(type) || type === 'slack';
  if (!perEvent && type !== 'summary' && type !== 'info')
    return <IntegrationNotFound back={summaryLink(owner.base)} />;
  return <ContextSummary owner={owner} perEvent={perEvent} />;
}

/** /templates/$templateId/integration/webhooks(/settings), the series': their webhooks and pings. */
function ContextWebhooks({ owner }: { owner: ContextOwner }) {
  const organization = useOrganization();
  return (
    <Stack>
      <PageHeader title={connectorLabels.webhooks} description={contextDescription(owner)} />
      {organization ? <WebhooksPanel organizationId={organization.id} owner={webhooksOf(owner)} /> : loading}
    </Stack>
  );
}

/**
 * /integrations: the organisation's integrations, managed by its admins and the Integrations Editor
 * (`managesOrganizationIntegrations`); a team admin sees that its webhooks (every event's) are not theirs.
 */
export function OrganizationIntegrationsRoute() {
  const organization = useOrganization();
  return (
    <Stack>
      <PageHeader title="Integrations" description="What your organization sends to your other systems." />
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
  if (access.permissionsFailed) return <ErrorAlert>{accessMessages.permissionsFetchFailed}</ErrorAlert>;
  if (!access.permissionsLoaded) return loading;
  return (
    <Stack component="section" aria-labelledby="organization-webhooks">
      <Title order={2} size="h4" id="organization-webhooks">
        Webhooks
      </Title>
      {managesOrganizationIntegrations(access.permissionList) ? (
        <WebhooksPanel organizationId={organizationId} owner={webhookOwner()} />
      ) : (
        <Alert color="yellow">{serverMessages.forbidden}</Alert>
      )}
    </Stack>
  );
}

/** A section of /integrations that only those who manage the organisation's integrations see. */
function AdminSection({ organizationId, id, title, children }: AdminSectionProps) {
  const access = useAccess(organizationId);
  if (!access.permissionsLoaded || !managesOrganizationIntegrations(access.permissionList)) return null;
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
