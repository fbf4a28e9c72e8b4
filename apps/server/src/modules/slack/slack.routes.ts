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
  validatedSlackChannelSchema,
  validateSlackChannelQuery,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { guard } from '../../platform/http/guard.ts';
import { pagedAnswer } from '../../platform/http/pagination.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { SlackService } from './slack.service.ts';

const tags = ['slack'];
const PAGE_SIZE = 25;
const organization = '/api/core/organization/:id';
const notifications = '/api/event/slack-notifications/';

/**
 * Spec 001 §7: the organisation's Slack channels (`slack_channels/`, solution_id → channels) and
 * channel validation (`validate_slack_channel/`, channel_id and solution_id: the organisation has
 * one Slack workspace, so solution_id is accepted and not needed); the connection itself
 * (`slack/`); an event's notifications (`/event/slack-notifications/` list, create, update, delete).
 * Another organisation's id answers 404.
 */
export function registerSlackRoutes(app: HttpServer, slack: SlackService, publicUrl: string): void {
  const ownOrganization = (caller: Caller, id: string) =>
    Promise.resolve(caller.organizationId === id ? id : undefined);
  const admins = guard({ permission: 'organization:update', load: ownOrganization });
  const editors = guard({ permission: 'event:update', load: ownOrganization });
  const eventEditors = guard({ permission: 'event:update' });

  app.get(
    `${organization}/slack/`,
    {
      preValidation: admins.preValidation,
      schema: { tags, params: idParams, response: { 200: slackConnectionSchema } },
    },
    async (request) => slack.connection(admins.of(request).caller),
  );

  app.post(
    `${organization}/slack/oauth/`,
    {
      preValidation: admins.preValidation,
      schema: { tags, params: idParams, body: slackOAuthSchema, response: { 200: slackConnectionSchema } },
    },
    async (request) =>
      slack.connectWithCode(admins.of(request).caller, request.body.code, request.body.redirect_uri),
  );

  app.put(
    `${organization}/slack/token/`,
    {
      preValidation: admins.preValidation,
      schema: { tags, params: idParams, body: slackBotTokenSchema, response: { 200: slackConnectionSchema } },
    },
    async (request) => slack.connectWithToken(admins.of(request).caller, request.body.bot_token),
  );

  app.delete(
    `${organization}/slack/`,
    { preValidation: admins.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      await slack.disconnect(admins.of(request).caller);
      return reply.status(204).send();
    },
  );

  app.get(
    `${organization}/slack_channels/`,
    {
      preValidation: editors.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: slackChannelsQuery,
        response: { 200: slackChannelsSchema },
      },
    },
    async (request) => slack.channels(editors.of(request).caller),
  );

  app.get(
    `${organization}/validate_slack_channel/`,
    {
      preValidation: editors.preValidation,
      schema: {
        tags,
        params: idParams,
        querystring: validateSlackChannelQuery,
        response: { 200: validatedSlackChannelSchema },
      },
    },
    async (request) => slack.validateChannel(editors.of(request).caller, request.query.channel_id),
  );

  app.get(
    notifications,
    {
      preValidation: eventEditors.preValidation,
      schema: {
        tags,
        querystring: slackNotificationListQuery,
        response: { 200: slackNotificationPageSchema },
      },
    },
    pagedAnswer(publicUrl, PAGE_SIZE, (request, page) =>
      slack.list(eventEditors.of(request).caller, request.query.event, page),
    ),
  );

  app.post(
    notifications,
    {
      preValidation: eventEditors.preValidation,
      schema: { tags, body: createSlackNotificationSchema, response: { 201: slackNotificationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await slack.create(eventEditors.of(request).caller, request.body)),
  );

  app.patch(
    `${notifications}:id/`,
    {
      preValidation: eventEditors.preValidation,
      schema: {
        tags,
        params: idParams,
        body: patchSlackNotificationSchema,
        response: { 200: slackNotificationSchema },
      },
    },
    async (request) => slack.update(eventEditors.of(request).caller, request.params.id, request.body),
  );

  app.delete(
    `${notifications}:id/`,
    { preValidation: eventEditors.preValidation, schema: { tags, params: idParams } },
    async (request, reply) => {
      await slack.delete(eventEditors.of(request).caller, request.params.id);
      return reply.status(204).send();
    },
  );
}
