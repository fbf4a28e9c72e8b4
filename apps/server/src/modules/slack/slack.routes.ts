import {
  createSlackNotificationSchema,
  patchSlackNotificationSchema,
  slackBotTokenSchema,
  slackChannelsQuery,
  slackChannelsSchema,
  slackConnectionSchema,
  slackNotificationListQuery,
  slackNotificationPageSchema,
  slackNotificationSchema,
  slackOAuthSchema,
  slackSalesforceOwnersQuery,
  slackSalesforceOwnersSchema,
  validatedSlackChannelSchema,
  validateSlackChannelQuery,
} from '@studio/domain';
import {
  hasPermission,
  organizationIntegrationRight,
  ownOrganization,
} from '../../platform/http/access-rules.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import { registerResourceRoutes } from '../../platform/http/resource-routes.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { SlackService } from './slack.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['slack'];
const PAGE_SIZE = 25;
const organization = '/api/core/organization/:id';
const notifications = '/api/event/slack-notifications/';
/** Who sets up an event's notifications: its editors, or an Integrations Editor. */
const integrationEditors = ['event:update', 'integration:update'] as const;

/**
 * Spec 001 §7: the organisation's Slack channels (`slack_channels/`, solution_id → channels) and
 * channel validation (`validate_slack_channel/`, channel_id and solution_id: the organisation has
 * one Slack workspace, so solution_id is accepted and not needed); the connection itself
 * (`slack/`); an event's notifications (`/event/slack-notifications/` list, create, update, delete)
 * and whether they may tell registrants' Salesforce owners (`salesforce_owners/?event=`).
 * Another organisation's id answers 404.
 */
export function registerSlackRoutes(app: HttpServer, slack: SlackService, publicUrl: string): void {
  const route = routesOf(app, tags, publicUrl);
  // The service decides between an organisation admin and an Integrations Editor (a team admin's
  // `integration:update` does not reach the organisation's Slack workspace).
  const admins = guard({
    permission: ['organization:update', 'integration:update'],
    // A team admin's integration:update stays with their teams: refused before the body is read.
    scope: (caller) =>
      organizationIntegrationRight(caller) === 'integration:update' ||
      hasPermission(caller, 'organization:update')
        ? Promise.resolve(caller)
        : Promise.reject(forbidden()),
    load: ownOrganization,
  });
  const editors = guard({ permission: integrationEditors, load: ownOrganization });

  // Whether Slack is connected is read by those who set up notifications (they ask for channels
  // only then); connecting and disconnecting stay with the organisation's admins.
  route.get(
    `${organization}/slack/`,
    editors,
    { params: idParams, answer: slackConnectionSchema },
    ({ caller }) => slack.connection(caller),
  );

  route.post(
    `${organization}/slack/oauth/`,
    admins,
    { params: idParams, body: slackOAuthSchema, answer: slackConnectionSchema },
    ({ caller, body }) => slack.connectWithCode(caller, body.code, body.redirect_uri),
  );

  route.put(
    `${organization}/slack/token/`,
    admins,
    { params: idParams, body: slackBotTokenSchema, answer: slackConnectionSchema },
    ({ caller, body }) => slack.connectWithToken(caller, body.bot_token),
  );

  route.delete(`${organization}/slack/`, admins, { params: idParams, status: 204 }, ({ caller }) =>
    slack.disconnect(caller),
  );

  route.get(
    `${organization}/slack_channels/`,
    editors,
    { params: idParams, query: slackChannelsQuery, answer: slackChannelsSchema },
    ({ caller }) => slack.channels(caller),
  );

  route.get(
    `${organization}/validate_slack_channel/`,
    editors,
    { params: idParams, query: validateSlackChannelQuery, answer: validatedSlackChannelSchema },
    ({ caller, query }) => slack.validateChannel(caller, query.channel_id),
  );

  route.get(
    `${notifications}salesforce_owners/`,
    guard({ permission: integrationEditors }),
    { query: slackSalesforceOwnersQuery, answer: slackSalesforceOwnersSchema },
    ({ caller, query }) => slack.salesforceOwners(caller, query.event),
  );

  registerResourceRoutes(app, publicUrl, {
    path: notifications,
    tags,
    rights: { read: integrationEditors, change: integrationEditors },
    part: slackNotificationSchema,
    list: {
      query: slackNotificationListQuery,
      page: slackNotificationPageSchema,
      pageSize: PAGE_SIZE,
      answer: (caller, query, page) => slack.list(caller, query.event, page),
    },
    create: { body: createSlackNotificationSchema, answer: (caller, body) => slack.create(caller, body) },
    change: {
      body: patchSlackNotificationSchema,
      answer: (caller, id, body) => slack.update(caller, id, body),
    },
    delete: (caller, id) => slack.delete(caller, id),
  });
}
