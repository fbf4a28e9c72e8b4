import {
  crmMessages,
  planAllows,
  SLACK_BOT_SCOPES,
  slackMessages,
  slackNotificationRouteProblem,
  type CreateSlackNotification,
  type PatchSlackNotification,
  type SlackChannel,
  type SlackConnection,
  type SlackNotification,
  type SlackNotificationKind,
  type SlackSalesforceOwners,
  type SlackSalesforceOwnerType,
  type ValidatedSlackChannel,
} from '@studio/domain';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import { eventIntegrationRight, organizationIntegrationRight } from '../../platform/http/access-rules.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Scopes } from '../back-office/event-scope.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { Scope } from '../back-office/event-scope.ts';
import { requirePlanFeature } from '../back-office/plan-gates.ts';
import type { SalesforceOwners } from '../integrations/salesforce-owners.ts';
import type { SlackConnectionRow, SlackNotificationRow, SlackRepository } from './slack.repository.ts';
import {
  SlackRateLimited,
  SlackRefused,
  SlackUnavailable,
  type SlackApiChannel,
  type SlackWebApi,
} from './slack-web-api.ts';

export interface SlackServiceDeps {
  repository: SlackRepository;
  tokens: SecretBox;
  slack: SlackWebApi;
  events: Pick<EventCore, 'programmeEventOf'>;
  scopes: Pick<Scopes, 'scopeOf'>;
  /** The integrations (CRM) module's read port: whether the event's Salesforce is connected. */
  salesforceOwners: Pick<SalesforceOwners, 'isConnected'>;
  /** Whether the organisation verifies a notification's channel with Slack before saving it ('Slack channel verify'). */
  verifiesChannels: (organizationId: string) => Promise<boolean>;
}

const channelAnswer = (channel: SlackApiChannel): SlackChannel => ({
  id: channel.id,
  name: channel.name,
  is_private: channel.is_private ?? false,
  is_archived: channel.is_archived ?? false,
  is_member: channel.is_member ?? false,
});

const notificationAnswer = (row: SlackNotificationRow): SlackNotification => ({
  id: row.id,
  event: row.event_id,
  channel_id: row.channel_id,
  channel_name: row.channel_name,
  notification_types: row.notification_types as SlackNotification['notification_types'],
  salesforce_owner_type: row.salesforce_owner_type as SlackSalesforceOwnerType | null,
  also_to_channel: row.also_to_channel,
  is_active: row.is_active,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
});

/** Slack could not be asked, or refused the token: the spec's generic provider message (8.9). */
function slackFailure(error: unknown): never {
  if (
    error instanceof SlackRefused &&
    ['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed'].includes(error.error)
  )
    throw new HttpError(502, 'SLACK_AUTHENTICATION_FAILED', slackMessages.authenticationFailed);
  if (error instanceof SlackRefused || error instanceof SlackUnavailable || error instanceof SlackRateLimited)
    throw new HttpError(502, 'SLACK_UNAVAILABLE', slackMessages.generic);
  throw error;
}

/** Slack refused a code or token the organisation gave: 'Authentication Failed! Please try again' (8.9). */
function refusedCredentials(error: unknown): never {
  if (error instanceof SlackRefused)
    throw new HttpError(400, 'SLACK_AUTHENTICATION_FAILED', slackMessages.authenticationFailed);
  return slackFailure(error);
}

/**
 * Slack (spec 001 §7, issue 36): the organisation's Slack workspace (`organization:update`, or an
 * Integrations Editor's `integration:update`), its channels and their validation, and each event's
 * notifications (`event:update` or `integration:update`), all behind the
 * plan's `slack` feature. The bot token is write-only: sealed at rest, never answered.
 */
export function createSlackService(deps: SlackServiceDeps) {
  const { repository, slack } = deps;

  /** `workspace`: the Slack workspace itself (its admins); `channels`: what notifications use (their editors). */
  async function organizationOf(caller: Caller, use: 'workspace' | 'channels') {
    const right = use === 'workspace' ? organizationIntegrationRight(caller) : eventIntegrationRight(caller);
    const scope = await deps.scopes.scopeOf(caller, right);
    requirePlanFeature(scope, 'slack');
    return scope.organizationId;
  }

  async function eventScope(
    caller: Caller,
    eventId: string,
  ): Promise<{ scope: Scope; organizationId: string }> {
    const { scope, event } = await deps.events.programmeEventOf(
      caller,
      eventId,
      eventIntegrationRight(caller),
    );
    requirePlanFeature(scope, 'slack');
    return { scope, organizationId: event.organizationId };
  }

  const eventOrganization = async (caller: Caller, eventId: string) =>
    (await eventScope(caller, eventId)).organizationId;

  /** Why the event's notifications cannot tell Salesforce owners (the plan, the connection), or null. */
  async function ownersUnavailable(scope: Scope, eventId: string): Promise<string | null> {
    if (scope.settings.pricing && !planAllows(scope.settings.pricing, 'slackSalesforce'))
      return slackMessages.salesforceOwnerUnavailable;
    if (!(await deps.salesforceOwners.isConnected(scope.organizationId, eventId)))
      return crmMessages.notConnected('Salesforce');
    return null;
  }

  /**
   * Where the notification sends (spec 002 §3.17's owner types): a channel unless the owner is
   * told; an owner only with 'Slack plus Salesforce' in the plan (403) and Salesforce connected for
   * the event (400 on `salesforce_owner_type`).
   */
  async function checkRoute(
    scope: Scope,
    eventId: string,
    notification: {
      channel_id: string;
      salesforce_owner_type: SlackSalesforceOwnerType | null;
      notification_types: readonly SlackNotificationKind[];
    },
    ownerChanged: boolean,
  ) {
    const problem = slackNotificationRouteProblem(notification);
    if (problem) throw fieldError(problem.field, problem.message, 'SLACK_NOTIFICATION_ROUTE');
    if (!notification.salesforce_owner_type || !ownerChanged) return;
    requirePlanFeature(scope, 'slackSalesforce');
    if (!(await deps.salesforceOwners.isConnected(scope.organizationId, eventId)))
      throw fieldError(
        'salesforce_owner_type',
        crmMessages.notConnected('Salesforce'),
        'SALESFORCE_NOT_CONNECTED',
      );
  }

  async function tokenOf(organizationId: string): Promise<string> {
    const connection = await repository.connectionOf(organizationId);
    const token = connection ? deps.tokens.open(connection.sealed_token) : null;
    if (!token) throw new HttpError(409, 'SLACK_NOT_CONNECTED', slackMessages.notConnected);
    return token;
  }

  function connectionAnswer(row: SlackConnectionRow | undefined): SlackConnection {
    return {
      connected: row !== undefined,
      team_id: row?.team_id ?? null,
      team_name: row?.team_name ?? null,
      bot_user_id: row?.bot_user_id ?? null,
      connected_at: row?.connected_at.toISOString() ?? null,
      authorize_url: slack.oauthClientId ? slack.authorizeUrl : null,
      client_id: slack.oauthClientId,
      scopes: [...SLACK_BOT_SCOPES],
    };
  }

  async function connect(caller: OrganizationCaller, organizationId: string, token: string) {
    const who = await slack.whoAmI(token).catch(refusedCredentials);
    const row = await repository.saveConnection({
      organization_id: organizationId,
      team_id: who.team_id,
      team_name: who.team ?? '',
      bot_user_id: who.user_id ?? '',
      sealed_token: deps.tokens.seal(token),
      connected_by: caller.userId,
    });
    return connectionAnswer(row);
  }

  /** The channel as Slack knows it, and whether the studio can post to it. */
  async function checkChannel(organizationId: string, channelId: string): Promise<ValidatedSlackChannel> {
    const token = await tokenOf(organizationId);
    try {
      const channel = channelAnswer(await slack.channel(token, channelId));
      if (channel.is_archived) return { is_valid: false, channel, message: slackMessages.channelArchived };
      return { is_valid: true, channel, message: slackMessages.channelValid };
    } catch (error) {
      if (error instanceof SlackRefused && error.error === 'channel_not_found')
        return { is_valid: false, channel: null, message: slackMessages.channelNotFound };
      return slackFailure(error);
    }
  }

  /** With 'Slack channel verify' on, a notification's channel is checked with Slack before it is saved. */
  async function verifiedChannelName(organizationId: string, channelId: string, name: string | undefined) {
    if (!(await deps.verifiesChannels(organizationId))) return name;
    const checked = await checkChannel(organizationId, channelId);
    if (!checked.is_valid) throw fieldError('channel_id', checked.message, 'SLACK_CHANNEL_INVALID');
    return checked.channel?.name ?? name;
  }

  async function notificationOf(caller: OrganizationCaller, id: string) {
    const row = isUuid(id) ? await repository.findNotification(caller.organizationId, id) : undefined;
    if (!row) throw notFound();
    return { row, scope: (await eventScope(caller, row.event_id)).scope };
  }

  return {
    async connection(caller: OrganizationCaller) {
      return connectionAnswer(await repository.connectionOf(await organizationOf(caller, 'channels')));
    },

    /** OAuth v2: the code Slack sent back to the studio's page, exchanged for the bot token. */
    async connectWithCode(caller: OrganizationCaller, code: string, redirectUri: string) {
      const organizationId = await organizationOf(caller, 'workspace');
      if (!slack.oauthClientId)
        throw new HttpError(409, 'SLACK_OAUTH_UNAVAILABLE', slackMessages.oauthUnavailable);
      const granted = await slack.exchangeCode(code, redirectUri).catch(refusedCredentials);
      return connect(caller, organizationId, granted.access_token);
    },

    /** A self-hoster's own Slack app: its bot token, checked with auth.test before it is kept. */
    async connectWithToken(caller: OrganizationCaller, token: string) {
      return connect(caller, await organizationOf(caller, 'workspace'), token);
    },

    async disconnect(caller: OrganizationCaller): Promise<void> {
      await repository.deleteConnection(await organizationOf(caller, 'workspace'));
    },

    async channels(caller: OrganizationCaller): Promise<{ channels: SlackChannel[] }> {
      const token = await tokenOf(await organizationOf(caller, 'channels'));
      const channels = await slack.channels(token).catch(slackFailure);
      return { channels: channels.map(channelAnswer).sort((a, b) => a.name.localeCompare(b.name)) };
    },

    async validateChannel(caller: OrganizationCaller, channelId: string) {
      return checkChannel(await organizationOf(caller, 'channels'), channelId);
    },

    async list(caller: OrganizationCaller, eventId: string, page: PageWindow) {
      const organizationId = await eventOrganization(caller, eventId);
      const { count, rows } = await repository.listNotifications(organizationId, eventId, page);
      return { count, results: rows.map(notificationAnswer) };
    },

    /** Whether the event's notifications may tell registrants' Salesforce owners. */
    async salesforceOwners(caller: OrganizationCaller, eventId: string): Promise<SlackSalesforceOwners> {
      const { scope } = await eventScope(caller, eventId);
      const message = await ownersUnavailable(scope, eventId);
      return { available: message === null, message };
    },

    async create(caller: OrganizationCaller, request: CreateSlackNotification) {
      const { scope, organizationId } = await eventScope(caller, request.event);
      await checkRoute(scope, request.event, request, true);
      const channelName = request.channel_id
        ? await verifiedChannelName(organizationId, request.channel_id, request.channel_name)
        : '';
      const row = await repository.insertNotification({
        organization_id: organizationId,
        event_id: request.event,
        channel_id: request.channel_id,
        channel_name: channelName ?? '',
        notification_types: [...new Set(request.notification_types)],
        salesforce_owner_type: request.salesforce_owner_type,
        also_to_channel: request.also_to_channel,
        is_active: request.is_active,
        created_by: caller.userId,
      });
      return notificationAnswer(row);
    },

    async update(caller: OrganizationCaller, id: string, changes: PatchSlackNotification) {
      const { row, scope } = await notificationOf(caller, id);
      await checkRoute(
        scope,
        row.event_id,
        {
          channel_id: changes.channel_id ?? row.channel_id,
          salesforce_owner_type:
            changes.salesforce_owner_type === undefined
              ? (row.salesforce_owner_type as SlackSalesforceOwnerType | null)
              : changes.salesforce_owner_type,
          notification_types:
            changes.notification_types ?? (row.notification_types as SlackNotificationKind[]),
        },
        changes.salesforce_owner_type !== undefined &&
          changes.salesforce_owner_type !== row.salesforce_owner_type,
      );
      const channelName =
        changes.channel_id !== undefined && changes.channel_id !== row.channel_id
          ? // A new channel never keeps the old one's name; no channel has none.
            changes.channel_id
            ? ((await verifiedChannelName(row.organization_id, changes.channel_id, changes.channel_name)) ??
              '')
            : ''
          : changes.channel_name;
      const updated = await repository.updateNotification(row.organization_id, row.id, {
        ...changes,
        ...(channelName !== undefined ? { channel_name: channelName } : {}),
        ...(changes.notification_types
          ? { notification_types: [...new Set(changes.notification_types)] }
          : {}),
        // A new channel or a turn on starts with a clean slate.
        ...(changes.channel_id !== undefined || changes.is_active === true ? { last_error: null } : {}),
      });
      if (!updated) throw notFound();
      return notificationAnswer(updated);
    },

    async delete(caller: OrganizationCaller, id: string): Promise<void> {
      const { row } = await notificationOf(caller, id);
      await repository.deleteNotification(row.organization_id, row.id);
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
