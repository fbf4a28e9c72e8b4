import type {
  Page,
  SlackChannel,
  SlackConnection,
  SlackNotification,
  ValidatedSlackChannel,
} from '@studio/domain';
import { slackMessages } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { fileStudio, openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { startLocalSlack } from '../../../test/slack-server.ts';
import { slackMessagesOf } from './slack.fixtures.ts';
import { createCountingStudio } from '../../../test/statement-counter.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { newMember } from '../access/access.fixtures.ts';
import {
  fileRegistrationOrganiser,
  register,
  registrant,
  registrationEvent,
} from '../registration/registrants/registrants.fixtures.ts';

const BOT_TOKEN = 'xoxb-acme-1234';
const REDIRECT = 'http://localhost:8080/integrations';

describe('Slack notifications (issue 36): connect, channels, messages on registrations', () => {
  const slack = openedForFile(() =>
    startLocalSlack({
      clientId: 'studio-app',
      clientSecret: 'studio-secret',
      codes: { 'granted-code': BOT_TOKEN },
      tokens: {
        [BOT_TOKEN]: { teamId: 'T0ACME', teamName: 'Acme', botUserId: 'U0BOT' },
        'xoxb-other-5678': { teamId: 'T0OTHER', teamName: 'Other', botUserId: 'U0BOT2' },
      },
      channels: [
        { id: 'C0GENERAL', name: 'general', is_member: true },
        { id: 'C0SIGNUPS', name: 'signups', is_member: true },
        { id: 'C0SECRET', name: 'sales-team', is_private: true, is_member: true },
        { id: 'C0OLD', name: 'old-launch', is_archived: true },
      ],
      // conversations.list answers two channels a page: the studio follows the cursor.
      pageSize: 2,
    }),
  );
  const studio = fileStudio(() => ({
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
    slack: { apiBaseUrl: slack.apiBaseUrl, clientId: 'studio-app', clientSecret: 'studio-secret' },
    slackRetryDelaysSeconds: [0, 0, 0],
  }));
  const { admin, api, event } = fileRegistrationOrganiser(studio);
  const organizationPath = () => `/api/core/organization/${admin.organization.id}`;

  const messagesOf = (notificationId: string) => slackMessagesOf(studio, notificationId);

  it('connects with OAuth v2, keeps the bot token sealed and never answers it', async () => {
    const before = await api.get<SlackConnection>(`${organizationPath()}/slack/`);
    expect(before.body).toMatchObject({ connected: false, client_id: 'studio-app' });
    expect(before.body.authorize_url).toBe(new URL('/oauth/v2/authorize', slack.apiBaseUrl).toString());

    const refused = await api.post<{ message: string }>(`${organizationPath()}/slack/oauth/`, {
      code: 'made-up',
      redirect_uri: REDIRECT,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Authentication Failed! Please try again');

    const connected = await api.post<SlackConnection>(`${organizationPath()}/slack/oauth/`, {
      code: 'granted-code',
      redirect_uri: REDIRECT,
    });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ connected: true, team_id: 'T0ACME', team_name: 'Acme' });
    expect(JSON.stringify(connected.body)).not.toContain(BOT_TOKEN);
    expect(JSON.stringify((await api.get(`${organizationPath()}/slack/`)).body)).not.toContain(BOT_TOKEN);
    const stored = await studio.database.db
      .selectFrom('slack_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.sealed_token).not.toContain('xoxb');
  });

  it("lists the organisation's channels page after page, and validates one", async () => {
    const listed = await api.get<{ channels: SlackChannel[] }>(
      `${organizationPath()}/slack_channels/?solution_id=slack`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.channels.map((channel) => channel.name)).toEqual(['general', 'sales-team', 'signups']);

    const good = await api.get<ValidatedSlackChannel>(
      `${organizationPath()}/validate_slack_channel/?channel_id=C0SIGNUPS&solution_id=slack`,
    );
    expect(good.body).toMatchObject({ is_valid: true, channel: { name: 'signups' } });
    const bad = await api.get<ValidatedSlackChannel>(
      `${organizationPath()}/validate_slack_channel/?channel_id=C0NOPE`,
    );
    expect(bad.body).toEqual({ is_valid: false, channel: null, message: slackMessages.channelNotFound });
    const archived = await api.get<ValidatedSlackChannel>(
      `${organizationPath()}/validate_slack_channel/?channel_id=C0OLD`,
    );
    expect(archived.body).toMatchObject({ is_valid: false, message: slackMessages.channelArchived });
  });

  it('posts a registration to the chosen channel, and retries after a 429 and a 503', async () => {
    const created = await api.post<SlackNotification>('/api/event/slack-notifications/', {
      event: event.id,
      channel_id: 'C0SIGNUPS',
      channel_name: 'signups',
      notification_types: ['REGISTRATION'],
    });
    expect(created.status).toBe(201);
    const listed = await api.get<Page<SlackNotification>>(
      `/api/event/slack-notifications/?event=${event.id}`,
    );
    expect(listed.body.results.map((notification) => notification.id)).toEqual([created.body.id]);

    const grace = registrant('Grace');
    expect((await register(studio, event.id, grace)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(1)));
    expect(slack.posted[0]).toMatchObject({ channel: 'C0SIGNUPS', token: BOT_TOKEN });
    expect(slack.posted[0]!.text).toBe(`Grace Parks (${grace.email}) registered for ${event.title}`);
    expect(slack.posted[0]!.blocks).toEqual([
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*Grace Parks (${grace.email})* registered for *${event.title}*` },
      },
    ]);

    slack.failNextPosts(429, 503);
    const ada = registrant('Ada');
    expect((await register(studio, event.id, ada)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(2)));
    expect(slack.posted[1]!.text).toContain(ada.email);
    await eventually(async () => {
      const messages = await messagesOf(created.body.id);
      expect(messages.map((message) => [message.status, message.attempts])).toEqual([
        ['sent', 1],
        ['sent', 3],
      ]);
    });
    expect((await api.delete(`/api/event/slack-notifications/${created.body.id}/`)).status).toBe(204);
  });

  it("honours 'Slack channel verify': a channel Slack does not know is refused only with the flag on", async () => {
    await setOperatorFlags(studio, admin.organization.id, { isSlackChannelVerifyEnabled: true });
    const refused = await api.post<{ code: string; errors: Record<string, string[]> }>(
      '/api/event/slack-notifications/',
      { event: event.id, channel_id: 'C0NOPE', notification_types: ['REGISTRATION'] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.channel_id).toEqual([slackMessages.channelNotFound]);
    const verified = await api.post<SlackNotification>('/api/event/slack-notifications/', {
      event: event.id,
      channel_id: 'C0GENERAL',
      notification_types: ['ATTENDED'],
    });
    // Verified: the channel's name is Slack's.
    expect(verified.body.channel_name).toBe('general');
    const moved = `/api/event/slack-notifications/${verified.body.id}/`;
    expect((await api.patch(moved, { channel_id: 'C0NOPE' })).status).toBe(400);
    const patched = await api.patch<SlackNotification>(moved, { channel_id: 'C0SIGNUPS' });
    expect(patched.body).toMatchObject({ channel_id: 'C0SIGNUPS', channel_name: 'signups' });

    await setOperatorFlags(studio, admin.organization.id, { isSlackChannelVerifyEnabled: false });
    const unverified = await api.post<SlackNotification>('/api/event/slack-notifications/', {
      event: event.id,
      channel_id: 'C0NOPE',
      notification_types: ['REGISTRATION'],
    });
    expect(unverified.status).toBe(201);
    // Slack refuses its messages for good: the failure is on the notification.
    const posted = slack.posted.length;
    expect((await register(studio, event.id, registrant('Lin'))).status).toBe(201);
    await eventually(async () => {
      const [message] = await messagesOf(unverified.body.id);
      expect(message).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'Slack answered channel_not_found',
      });
    });
    const listed = await api.get<Page<SlackNotification>>(
      `/api/event/slack-notifications/?event=${event.id}`,
    );
    expect(listed.body.results.find((row) => row.id === unverified.body.id)?.last_error).toBe(
      'Slack answered channel_not_found',
    );
    expect(slack.posted).toHaveLength(posted);
  });

  it("answers 404 for another organisation's notifications and Slack, which connects its own by token", async () => {
    const [notification] = (
      await api.get<Page<SlackNotification>>(`/api/event/slack-notifications/?event=${event.id}`)
    ).body.results;
    const otherAdmin = await newOrganization(studio.app, 'Other Org');
    const other = caller(studio, otherAdmin.access);
    const path = `/api/event/slack-notifications/${notification!.id}/`;
    expect((await other.patch(path, { is_active: false })).status).toBe(404);
    expect((await other.delete(path)).status).toBe(404);
    expect((await other.get(`/api/event/slack-notifications/?event=${event.id}`)).status).toBe(404);
    expect((await other.get(`${organizationPath()}/slack/`)).status).toBe(404);
    expect((await other.get(`${organizationPath()}/slack_channels/`)).status).toBe(404);

    const otherPath = `/api/core/organization/${otherAdmin.organization.id}`;
    expect((await other.get(`${otherPath}/slack_channels/`)).status).toBe(409);
    const wrong = await other.put<{ message: string }>(`${otherPath}/slack/token/`, {
      bot_token: 'xoxb-made-up',
    });
    expect(wrong.body.message).toBe(slackMessages.authenticationFailed);
    const pasted = await other.put<SlackConnection>(`${otherPath}/slack/token/`, {
      bot_token: 'xoxb-other-5678',
    });
    expect(pasted.body).toMatchObject({ connected: true, team_name: 'Other' });
    expect(JSON.stringify(pasted.body)).not.toContain('xoxb-other');

    expect((await other.delete(`${otherPath}/slack/`)).status).toBe(204);
    expect((await other.get<SlackConnection>(`${otherPath}/slack/`)).body.connected).toBe(false);
  });

  it('lets an event editor read whether Slack is connected (to ask for channels only then), not change it', async () => {
    const editor = await newMember(studio, admin.organization.id, 'EVENT_EDITOR');
    const editorApi = caller(studio, editor.access);
    const otherPath = `/api/core/organization/${(await newOrganization(studio.app, 'Elsewhere')).organization.id}`;
    const read = await editorApi.get<SlackConnection>(`${organizationPath()}/slack/`);
    expect(read.status).toBe(200);
    expect(typeof read.body.connected).toBe('boolean');
    expect(JSON.stringify(read.body)).not.toContain('xoxb-');
    expect((await editorApi.get(`${otherPath}/slack/`)).status).toBe(404);
    expect((await editorApi.put(`${organizationPath()}/slack/token/`, { bot_token: BOT_TOKEN })).status).toBe(
      403,
    );
    expect((await editorApi.delete(`${organizationPath()}/slack/`)).status).toBe(403);
  });
});

describe('Slack on the request path', () => {
  it('costs a registration one indexed read when the event has no Slack notification', async () => {
    const studio = await createCountingStudio();
    try {
      const admin = await newOrganization(studio.app);
      const event = await registrationEvent(caller(studio, admin.access));
      const statements = await studio.statementsOf(async () =>
        expect((await register(studio, event.id, registrant('Grace'))).status).toBe(201),
      );
      expect(statements.filter((statement) => statement.includes('slack_'))).toEqual([
        'select slack_notifications',
      ]);
    } finally {
      await studio.close();
    }
  });
});
