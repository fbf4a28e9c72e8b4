import { SLACK_RETRY_DELAYS_SECONDS } from '@studio/domain';
import type { Activities } from '../../platform/activities.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { SalesforceOwners } from '../integrations/salesforce-owners.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import { createOwnerRoute } from './slack-owner-route.ts';
import { createSlackPoster } from './slack-poster.ts';
import { registerSlackJobs } from './slack.jobs.ts';
import { createSlackSummaries } from './slack-summaries.ts';
import { createSlackRepository } from './slack.repository.ts';
import { registerSlackRoutes } from './slack.routes.ts';
import { createSlackService } from './slack.service.ts';
import { createSlackWebApi } from './slack-web-api.ts';

/**
 * Slack notifications (issue 36): the organisation connects its Slack workspace (OAuth v2 or a
 * pasted bot token); an event's notifications post registrations and check-ins to a channel, and
 * the registrant count before the event and the attended count after it, from the worker role;
 * with 'Slack plus Salesforce', to the registrant's Salesforce owner too (the integrations area's
 * `salesforceOwners`). Returns its part of the studio's activities.
 */
export function slackArea(
  studio: Studio,
  ports: Pick<OrganizationsArea, 'organizations'> & {
    backOffice: BackOffice;
    salesforceOwners: SalesforceOwners;
  },
): { activities: Activities } {
  const { platform, config } = studio;
  const repository = createSlackRepository(studio.database.db);
  const tokens = createSecretBox(studio.secretKey, 'slack-bot-token');
  const slack = createSlackWebApi(
    { apiBaseUrl: 'https://slack.com/api', ...config.slack },
    { allowedHosts: config.outboundAllowedHosts ?? [] },
  );
  const poster = createSlackPoster({
    repository,
    jobs: platform.jobs,
    tokens,
    slack,
    eventTitleOf: async (organizationId, eventId) =>
      (await ports.backOffice.eventCore.programmeEventsByIds(organizationId, [eventId]))[0]?.title,
    retryDelaysSeconds: config.slackRetryDelaysSeconds ?? SLACK_RETRY_DELAYS_SECONDS,
    ownerRoute: createOwnerRoute({
      slack,
      owners: ports.salesforceOwners,
      planAllows: (organizationId) => ports.organizations.planAllows(organizationId, 'slackSalesforce'),
    }),
  });
  const service = createSlackService({
    repository,
    tokens,
    slack,
    events: ports.backOffice.eventCore,
    scopes: ports.backOffice.scopes,
    salesforceOwners: ports.salesforceOwners,
    verifiesChannels: async (organizationId) =>
      (await ports.organizations.featuresOf(organizationId)).featureFlags.isSlackChannelVerifyEnabled ===
      true,
  });
  registerSlackRoutes(studio.app, service, studio.publicUrl);
  const summaries = createSlackSummaries({
    repository,
    jobs: platform.jobs,
    eventsOf: (organizationId, ids) => ports.backOffice.eventCore.programmeEventsByIds(organizationId, ids),
    countsOf: (eventId) => ports.backOffice.summary.parts.registrants.use()(eventId),
  });
  registerSlackJobs(platform.jobs, { poster, summaries, now: studio.clock });
  return { activities: poster };
}
