import { participationActivityOf } from '@studio/domain';
import { allActivities, type Activities } from '../../platform/activities.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { keptUntilChanged } from '../../platform/kept-until-changed.ts';
import type { ModuleLinks } from '../../platform/module-links.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EngagementArea } from '../engagement/engagement.area.ts';
import type { TemplateCopyLink } from '../back-office/event-copy.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import type { RecordingReady, VideoLibraryService } from '../video-library/video-library.service.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { createCrmConnectors, DEFAULT_CRM_BASE_URLS, type CrmConnectors } from './crm-connectors.ts';
import { createCrmSyncStatus } from './crm-sync-status.ts';
import { createCrmSync, registerIntegrationsJobs } from './integrations.jobs.ts';
import { createIntegrationsRepository, type IntegrationsRepository } from './integrations.repository.ts';
import { registerCrmSyncRoutes, registerIntegrationsRoutes } from './integrations.routes.ts';
import { createIntegrationsService, type IntegrationsService } from './integrations.service.ts';
import { registerMarketingRoutes } from './marketing.routes.ts';
import { createMarketingService, type MarketingServiceDeps } from './marketing.service.ts';
import { createMarketingSync } from './marketing-sync.ts';
import { createMarketoActivities, marketoEngagementJob } from './marketo-activities.ts';
import { createPardotImport, registerPardotImportJobs } from './pardot-import.ts';
import { createSalesforceOwners, type SalesforceOwners } from './salesforce-owners.ts';
import { createWistiaPushes } from './wistia-pushes.ts';

type IntegrationsPorts = Pick<RegistrationArea, 'registrationForms' | 'registrations'> & {
  backOffice: BackOffice;
  organizations: OrganizationsService;
  workspaces: WorkspacesService;
  library: VideoLibraryService;
  recordingReady: ModuleLinks<RecordingReady>;
  templateWebhooks: TemplateCopyLink;
  engagement: Pick<EngagementArea['engagement'], 'onParticipation'>;
};

/**
 * CRM connectors (issue 36): Salesforce, HubSpot, Marketo, Pardot, Eloqua and Wistia connections
 * of an organisation, field mappings, event settings, the marketing connectors' calls, and
 * registrants pushed to the CRMs and to Marketo, Pardot and Eloqua by the worker (their statuses
 * and engagement as Marketo custom activities), a SYNC_PARDOT list's prospects imported as
 * registrants, and events' recordings pushed to Wistia once ready. Returns its part of the studio's
 * `activities`, and the registrants' Salesforce owners (the Slack area's 'Slack plus Salesforce').
 */
export function integrationsArea(
  studio: Studio,
  ports: IntegrationsPorts,
): { activities: Activities; salesforceOwners: SalesforceOwners } {
  const { config, platform } = studio;
  const repository = keepingMarketo(createIntegrationsRepository(studio.database.db), platform.pubsub);
  const connectors = createCrmConnectors(
    { ...DEFAULT_CRM_BASE_URLS, ...config.crm },
    { allowedHosts: config.outboundAllowedHosts ?? [] },
    config.crmRetryDelayMs === undefined
      ? undefined
      : { baseDelayMs: config.crmRetryDelayMs, maxDelayMs: config.crmRetryDelayMs },
  );
  const service = createIntegrationsService({
    repository,
    connectors,
    secrets: createSecretBox(studio.secretKey, 'crm-credentials'),
    events: ports.backOffice.eventCore,
    organizations: ports.organizations,
    scopes: ports.backOffice.scopes,
    forms: ports.registrationForms,
    contexts: { STUDIO_TEMPLATE: ports.backOffice.templates, SERIES: ports.backOffice.series },
    featuresOf: (organizationId, tx) => ports.organizations.featuresOf(organizationId, tx),
    workspaces: ports.workspaces,
    clock: studio.clock,
    templateWebhooks: ports.templateWebhooks,
    // A CRM switched on for an event (or given its campaign) gets the event's registrants so far.
    backfill: (organizationId, eventId, type) => syncStatus.backfill(organizationId, eventId, type),
    ...(config.crmRetryDelayMs !== undefined && { retryDelayMs: config.crmRetryDelayMs }),
  });
  registerIntegrationsRoutes(studio.app, service);
  // A template's CRM settings and field mappings travel with it to and from events.
  ports.backOffice.templateCopies.provide(service.templateIntegrations);
  const { marketing, marketoActivities } = marketingConnectorsOf(studio, ports, {
    repository,
    connectors,
    service,
    // An event's new Marketo program or Pardot list gets the event's registrants so far.
    backfill: (organizationId, eventId, type) => syncStatus.backfill(organizationId, eventId, type),
  });
  const sync = createCrmSync({
    repository,
    jobs: platform.jobs,
    connectorOf: service.connectorOf,
    pushedTypes: service.pushedTypes,
    refusedOnPush: service.refusedOnPush,
    marketing,
    realtime: platform.realtime,
    clock: studio.clock,
  });
  registerIntegrationsJobs(platform.jobs, sync, config.marketoNoShowSweepSeconds);
  const syncStatus = createCrmSyncStatus({
    repository,
    integrations: service,
    sync,
    registrants: ports.registrations,
  });
  registerCrmSyncRoutes(studio.app, service, syncStatus, studio.publicUrl);
  return {
    activities: allActivities(sync.activities, marketoActivities.activities),
    salesforceOwners: createSalesforceOwners(service),
  };
}

/**
 * The marketing connectors' parts: Wistia pushes, the Pardot import, their routes, and the
 * Marketo custom activities (attendees' messages, questions and votes among them).
 */
function marketingConnectorsOf(
  studio: Studio,
  ports: IntegrationsPorts,
  parts: {
    repository: IntegrationsRepository;
    connectors: CrmConnectors;
    service: IntegrationsService;
    backfill: MarketingServiceDeps['backfill'];
  },
) {
  const { config, platform } = studio;
  const { repository, connectors, service } = parts;
  const events = ports.backOffice.eventCore;
  const wistiaPushes = createWistiaPushes({
    db: studio.database.db,
    jobs: platform.jobs,
    integrations: service,
    connectors,
    events,
    recordings: ports.library,
    realtime: platform.realtime,
  });
  wistiaPushes.register();
  ports.recordingReady.provide(wistiaPushes.recordingReady);
  const pardotImports = createPardotImport({
    db: studio.database.db,
    jobs: platform.jobs,
    connectors,
    integrations: service,
    events,
    registrations: () => ports.registrations,
    realtime: platform.realtime,
    clock: studio.clock,
  });
  registerPardotImportJobs(platform.jobs, pardotImports, config.pardotImportSweepSeconds);
  registerMarketingRoutes(
    studio.app,
    createMarketingService({
      connectors,
      integrations: service,
      events,
      wistiaPushes,
      pardotImports,
      backfill: parts.backfill,
    }),
  );
  const marketoActivities = createMarketoActivities({
    repository,
    jobs: platform.jobs,
    connectors,
    integrations: service,
    events,
    clock: studio.clock,
  });
  platform.jobs.register(marketoEngagementJob, (payload) => marketoActivities.sendEngagement(payload));
  ports.engagement.onParticipation((act) =>
    marketoActivities.activities.record({
      organizationId: act.organizationId,
      eventId: act.eventId,
      type: participationActivityOf[act.kind],
      data: { user_id: act.userId },
    }),
  );
  const marketing = createMarketingSync({
    connectors,
    integrations: service,
    events,
    activities: marketoActivities,
  });
  return { marketing, marketoActivities };
}

/** The pub/sub channel on which a node says an organisation's connections changed (its id only). */
const CONNECTIONS_CHANNEL = 'crm_connections';
/** Longest a node trusts its answer without hearing of a change (a lost NOTIFY). */
const MARKETO_KEPT_MS = 10_000;

/**
 * The repository with `anyMarketo` kept per node until a connection of the organisation is written
 * on any node: every engagement activity asks it (each chat post, question, vote, beacon),
 * connections change rarely. A team's connection deleted with its team (a cascade) is not heard:
 * the kept yes then costs the reads it saved, for at most MARKETO_KEPT_MS.
 */
function keepingMarketo(repository: IntegrationsRepository, pubsub: PubSub): IntegrationsRepository {
  const marketo = keptUntilChanged(
    pubsub,
    CONNECTIONS_CHANNEL,
    (organizationId: string, tx?: Executor) => repository.anyMarketo(organizationId, tx),
    (organizationId) => organizationId,
    { maxAgeMs: MARKETO_KEPT_MS },
  );
  const telling = async <R>(organizationId: string, written: R): Promise<R> => {
    await marketo.changed(organizationId);
    return written;
  };
  return {
    ...repository,
    anyMarketo: marketo.read,
    saveConnection: async (row) => telling(row.organization_id, await repository.saveConnection(row)),
    updateConnection: async (owner, crmType, changes) =>
      telling(owner.organizationId, await repository.updateConnection(owner, crmType, changes)),
    deleteConnection: async (owner, crmType) =>
      telling(owner.organizationId, await repository.deleteConnection(owner, crmType)),
  };
}
