import {
  slackChannelsSchema,
  slackConnectionSchema,
  slackMessages,
  slackNotificationPageSchema,
  slackNotificationSchema,
  slackSalesforceOwnersSchema,
  validatedSlackChannelSchema,
  type CreateSlackNotificationRequest,
  type PatchSlackNotification,
  type SlackChannel,
  type SlackConnection,
  type SlackNotification,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The server's page size of an event's Slack notifications. */
export const SLACK_NOTIFICATIONS_PAGE_SIZE = 25;

const organizationPath = (organizationId: string) =>
  `/core/organization/${encodeURIComponent(organizationId)}`;
const notifications = '/event/slack-notifications/';
const one = (id: string) => `${notifications}${encodeURIComponent(id)}/`;

export const fetchSlackConnection = (organizationId: string) =>
  studioApi.request({
    method: 'GET',
    path: `${organizationPath(organizationId)}/slack/`,
    schema: slackConnectionSchema,
  });

export const slackConnectionQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.slack.connection(organizationId),
    queryFn: () => fetchSlackConnection(organizationId),
  });

export const useSlackConnection = (organizationId: string, enabled = true) =>
  useQuery({ ...slackConnectionQuery(organizationId), enabled });

/** Spec 001 §7: the organisation's Slack channels (one Slack workspace per organisation: solution `slack`). */
export const fetchSlackChannels = (organizationId: string) =>
  studioApi.request({
    method: 'GET',
    path: `${organizationPath(organizationId)}/slack_channels/?solution_id=slack`,
    schema: slackChannelsSchema,
  });

export const slackChannelsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.slack.channels(organizationId),
    queryFn: () => fetchSlackChannels(organizationId),
    retry: false,
  });

/**
 * The channels, asked for only when `enabled`: a studio that knows Slack is not connected does not
 * ask (the server would answer 409 SLACK_NOT_CONNECTED).
 */
export const useSlackChannels = (organizationId: string, enabled = true) =>
  useQuery({ ...slackChannelsQuery(organizationId), enabled });

/** Spec 001 §7: validate Slack channel (channel_id, solution_id). */
export const validateSlackChannel = (organizationId: string, channelId: string) =>
  studioApi.request({
    method: 'GET',
    path: `${organizationPath(organizationId)}/validate_slack_channel/?channel_id=${encodeURIComponent(channelId)}&solution_id=slack`,
    schema: validatedSlackChannelSchema,
  });

export const fetchSlackNotifications = (eventId: string, page: number) =>
  studioApi.request({
    method: 'GET',
    path: `${notifications}?event=${encodeURIComponent(eventId)}&limit=${SLACK_NOTIFICATIONS_PAGE_SIZE}&offset=${(page - 1) * SLACK_NOTIFICATIONS_PAGE_SIZE}`,
    schema: slackNotificationPageSchema,
  });

export const slackNotificationsQuery = (eventId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.slack.notifications(eventId), { page }],
    queryFn: () => fetchSlackNotifications(eventId, page),
    placeholderData: keepPreviousData,
  });

export const useSlackNotifications = (eventId: string, page: number) =>
  useQuery(slackNotificationsQuery(eventId, page));

/** Whether the event's notifications may tell registrants' Salesforce owners ('Slack plus Salesforce'). */
export const fetchSlackSalesforceOwners = (eventId: string) =>
  studioApi.request({
    method: 'GET',
    path: `${notifications}salesforce_owners/?event=${encodeURIComponent(eventId)}`,
    schema: slackSalesforceOwnersSchema,
  });

export const slackSalesforceOwnersQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.slack.salesforceOwners(eventId),
    queryFn: () => fetchSlackSalesforceOwners(eventId),
    retry: false,
  });

export const useSlackSalesforceOwners = (eventId: string) => useQuery(slackSalesforceOwnersQuery(eventId));

// Mutation hooks: the domain's toasts (spec 8.9 for the connection).

export const useConnectSlackWithCode = (organizationId: string, onDone: () => unknown) =>
  useStudioMutation({
    mutationFn: (body: { code: string; redirect_uri: string }) =>
      studioApi.request({
        method: 'POST',
        path: `${organizationPath(organizationId)}/slack/oauth/`,
        body,
        schema: slackConnectionSchema,
      }),
    successToast: slackMessages.authenticationSuccessful,
    invalidates: [queryKeys.slack.all],
    onSuccess: onDone,
    failureToast: slackMessages.authenticationFailed,
  });

export const useConnectSlackWithToken = (
  organizationId: string,
  options: { onSaved: () => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (bot_token: string) =>
      studioApi.request({
        method: 'PUT',
        path: `${organizationPath(organizationId)}/slack/token/`,
        body: { bot_token },
        schema: slackConnectionSchema,
      }),
    successToast: slackMessages.authenticationSuccessful,
    invalidates: [queryKeys.slack.all],
    onSuccess: options.onSaved,
    onFailure: options.onFailure,
  });

export const useDisconnectSlack = (organizationId: string, onDone: () => unknown) =>
  useStudioMutation({
    mutationFn: () =>
      studioApi.request({ method: 'DELETE', path: `${organizationPath(organizationId)}/slack/` }),
    successToast: slackMessages.disconnected,
    invalidates: [queryKeys.slack.all],
    onSuccess: onDone,
  });

export const useCreateSlackNotification = (options: {
  onCreated: () => unknown;
  onFailure: (error: unknown) => void;
}) =>
  useStudioMutation({
    mutationFn: (body: CreateSlackNotificationRequest) =>
      studioApi.request({ method: 'POST', path: notifications, body, schema: slackNotificationSchema }),
    successToast: slackMessages.created,
    invalidates: [queryKeys.slack.all],
    onSuccess: options.onCreated,
    onFailure: options.onFailure,
  });

export const useUpdateSlackNotification = (
  id: string,
  options: { onSaved?: () => unknown; onFailure?: (error: unknown) => void } = {},
) =>
  useStudioMutation({
    mutationFn: (body: PatchSlackNotification) =>
      studioApi.request({ method: 'PATCH', path: one(id), body, schema: slackNotificationSchema }),
    successToast: slackMessages.updated,
    invalidates: [queryKeys.slack.all],
    ...(options.onSaved && { onSuccess: options.onSaved }),
    ...(options.onFailure && { onFailure: options.onFailure }),
  });

export const useDeleteSlackNotification = (id: string, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: () => studioApi.request({ method: 'DELETE', path: one(id) }),
    successToast: slackMessages.deleted,
    invalidates: [queryKeys.slack.all],
    onSuccess: onDeleted,
  });

export type { SlackChannel, SlackConnection, SlackNotification };
