import { slackMessages, type SlackConnection, type SlackNotification } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { acme, ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const SETTINGS = `/events/${EVENT}/integration/slack/settings`;
const NOTIFICATIONS = '/api/event/slack-notifications/';
const ORGANIZATION = `/api/core/organization/${acme.id}`;
const wait = { timeout: 10_000 };
const typist = () => userEvent.setup({ delay: null });

const channels = [
  { id: 'C0GENERAL', name: 'general', is_private: false, is_archived: false, is_member: true },
  { id: 'C0SIGNUPS', name: 'signups', is_private: false, is_archived: false, is_member: true },
];

const notification = (fields: Partial<SlackNotification> = {}): SlackNotification => ({
  id: 'sn-1',
  event: EVENT,
  channel_id: 'C0SIGNUPS',
  channel_name: 'signups',
  notification_types: ['REGISTRATION', 'ATTENDED'],
  salesforce_owner_type: null,
  also_to_channel: false,
  is_active: true,
  last_error: null,
  created_at: '2026-11-25T10:00:00Z',
  ...fields,
});

const connection = (fields: Partial<SlackConnection> = {}): SlackConnection => ({
  connected: false,
  team_id: null,
  team_name: null,
  bot_user_id: null,
  connected_at: null,
  authorize_url: null,
  client_id: null,
  scopes: ['channels:read', 'chat:write'],
  ...fields,
});

/** Slack's API over `notifications`; `connected` false: the channels answer SLACK_NOT_CONNECTED. */
function slackRoutes(
  options: {
    notifications?: SlackNotification[];
    connected?: boolean;
    valid?: boolean;
    connection?: SlackConnection;
    /** Whether the event's notifications may tell Salesforce owners (Salesforce connected, in the plan). */
    owners?: boolean;
  } = {},
): ExtraRoutes {
  return (path, init) => {
    const bare = path.split('?')[0];
    if (bare === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
    if (bare === `${ORGANIZATION}/slack_channels/`)
      return options.connected === false
        ? json(409, { message: slackMessages.notConnected, code: 'SLACK_NOT_CONNECTED' })
        : json(200, { channels });
    if (bare === `${ORGANIZATION}/validate_slack_channel/`)
      return json(
        200,
        options.valid === false
          ? { is_valid: false, channel: null, message: slackMessages.channelNotFound }
          : { is_valid: true, channel: channels[1], message: slackMessages.channelValid },
      );
    if (bare === `${NOTIFICATIONS}salesforce_owners/`)
      return json(200, {
        available: options.owners === true,
        message: options.owners === true ? null : slackMessages.salesforceOwnerUnavailable,
      });
    if (bare === NOTIFICATIONS && init.method === 'POST')
      return json(201, notification(JSON.parse(init.body as string) as Partial<SlackNotification>));
    if (bare === NOTIFICATIONS) return page(options.notifications ?? []);
    if (bare === `${NOTIFICATIONS}sn-1/` && init.method === 'PATCH')
      return json(200, { ...notification(), ...(JSON.parse(init.body as string) as object) });
    if (bare === `${ORGANIZATION}/slack/oauth/`)
      return json(200, connection({ connected: true, team_id: 'T0ACME', team_name: 'Acme' }));
    if (bare === `${ORGANIZATION}/slack/token/`)
      return json(200, connection({ connected: true, team_id: 'T0ACME', team_name: 'Acme' }));
    if (bare === `${ORGANIZATION}/slack/`)
      return json(
        200,
        options.connection ??
          connection(
            options.connected === false ? {} : { connected: true, team_id: 'T0ACME', team_name: 'Acme' },
          ),
      );
    return undefined;
  };
}

describe("an event's Slack notifications (issue 36)", () => {
  it('lists each notification with its channel, what it posts and the last error', async () => {
    const failing = notification({ last_error: 'Slack answered channel_not_found' });
    openStudio(SETTINGS, { user: ada, routes: slackRoutes({ notifications: [failing] }) });
    const card = await screen.findByRole('article', { name: '#signups' }, wait);
    const posts = within(card).getByRole('list', { name: 'Posts' });
    expect(
      within(posts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Registered', 'Attended']);
    expect(
      within(card).getByRole<HTMLInputElement>('switch', { name: 'Slack notification to #signups on' })
        .checked,
    ).toBe(true);
    expect(within(card).getByText('Slack answered channel_not_found')).toBeTruthy();
  });

  it('changes what a notification posts, keeping its channel', async () => {
    const { fetchMock } = openStudio(SETTINGS, {
      user: ada,
      routes: slackRoutes({ notifications: [notification()] }),
    });
    const user = typist();
    const card = await screen.findByRole('article', { name: '#signups' }, wait);
    await user.click(within(card).getByRole('button', { name: 'Edit the notification to #signups' }));
    const form = screen.getByRole('form', { name: 'Edit Slack notification' });
    await user.click(within(form).getByRole('checkbox', { name: 'Attended' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(slackMessages.updated)).toBeTruthy();
    expect(callsTo(fetchMock, `${NOTIFICATIONS}sn-1/`)[0]?.body).toEqual({
      notification_types: ['REGISTRATION'],
    });
  });

  it('says to connect Slack first when the organisation has not', async () => {
    openStudio(SETTINGS, { user: ada, routes: slackRoutes({ connected: false }) });
    const alert = await screen.findByRole('alert', {}, wait);
    expect(within(alert).getByText(slackMessages.notConnected)).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'Connect Slack on Integrations' }).getAttribute('href'),
    ).toBe('/integrations');
  });

  it('does not ask for the channels when the organisation has not connected Slack', async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: slackRoutes({ connected: false }) });
    await screen.findByRole('alert', {}, wait);
    expect(callsTo(fetchMock, `${ORGANIZATION}/slack/`)).toHaveLength(1);
    expect(callsTo(fetchMock, `${ORGANIZATION}/slack_channels/`)).toEqual([]);
  });

  it('does not ask a member who may not change the connection for channels of a Slack not connected', async () => {
    const editor = { ...ada, id: 'user-5', role: 'EVENT_EDITOR', is_admin: false };
    const { fetchMock } = openStudio(SETTINGS, { user: editor, routes: slackRoutes({ connected: false }) });
    const alert = await screen.findByRole('alert', {}, wait);
    expect(within(alert).getByText(slackMessages.notConnected)).toBeTruthy();
    expect(callsTo(fetchMock, `${ORGANIZATION}/slack_channels/`)).toEqual([]);
  });

  it('creates a notification to a chosen channel, with a summary', async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: slackRoutes() });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New Slack notification' }, wait));
    const form = screen.getByRole('form', { name: 'New Slack notification' });
    await user.click(within(form).getByRole('combobox', { name: /Channel/ }));
    await user.click(await screen.findByRole('option', { name: /signups/, hidden: true }));
    await user.click(within(form).getByRole('checkbox', { name: 'Attended' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Registrant summary before the event' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(slackMessages.created)).toBeTruthy();
    expect(callsTo(fetchMock, NOTIFICATIONS).find((call) => call.method === 'POST')?.body).toEqual({
      event: EVENT,
      channel_id: 'C0SIGNUPS',
      channel_name: 'signups',
      notification_types: ['REGISTRATION', 'ATTENDED', 'PRE_EVENT_REGISTRANT_SUMMARY'],
      is_active: true,
    });
    // Without 'Slack channel verify', the channel is not checked first.
    expect(callsTo(fetchMock, `${ORGANIZATION}/validate_slack_channel/`)).toEqual([]);
  });

  it("with 'Slack channel verify', a channel Slack does not know is said on the field and not saved", async () => {
    const verifying = {
      ...acme,
      feature_flags: { ...acme.feature_flags, isSlackChannelVerifyEnabled: true },
    };
    const { fetchMock } = openStudio(SETTINGS, {
      user: ada,
      organization: verifying,
      routes: slackRoutes({ valid: false }),
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New Slack notification' }, wait));
    const form = screen.getByRole('form', { name: 'New Slack notification' });
    await user.click(within(form).getByRole('combobox', { name: /Channel/ }));
    await user.click(await screen.findByRole('option', { name: /general/, hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getAllByText(slackMessages.channelNotFound).length).toBeGreaterThan(0),
    );
    expect(callsTo(fetchMock, `${ORGANIZATION}/validate_slack_channel/`)[0]?.url).toContain(
      'channel_id=C0GENERAL',
    );
    expect(callsTo(fetchMock, NOTIFICATIONS).filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe("'Slack plus Salesforce': notifying the registrant's Salesforce owner", () => {
  /** The new notification's form with 'Notify the Salesforce owner' ticked. */
  async function newOwnerNotification() {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: slackRoutes({ owners: true }) });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New Slack notification' }, wait));
    const form = screen.getByRole('form', { name: 'New Slack notification' });
    await user.click(
      await within(form).findByRole('checkbox', { name: /Notify the Salesforce owner/ }, wait),
    );
    return { fetchMock, user, form };
  }

  it('offers the owner only when Salesforce is connected and the plan has it', async () => {
    const { fetchMock } = openStudio(SETTINGS, { user: ada, routes: slackRoutes({ owners: false }) });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'New Slack notification' }, wait));
    const form = screen.getByRole('form', { name: 'New Slack notification' });
    await waitFor(() => expect(callsTo(fetchMock, `${NOTIFICATIONS}salesforce_owners/`)).toHaveLength(1));
    await user.click(within(form).getByRole('checkbox', { name: 'Attended' }));
    expect(within(form).getByRole('combobox', { name: /Channel/ })).toBeTruthy();
    expect(within(form).queryByRole('checkbox', { name: /Notify the Salesforce owner/ })).toBeNull();
  });

  it('creates a notification that tells the lead owner, with no channel', async () => {
    const { fetchMock, user, form } = await newOwnerNotification();
    await user.click(within(form).getByRole('combobox', { name: /^Owner/ }));
    expect(
      (await screen.findAllByRole('option', { hidden: true }))
        .map((option) => option.textContent)
        .filter((text) => text?.endsWith('owner')),
    ).toEqual(['Account owner', 'Contact owner', 'Lead owner']);
    await user.click(await screen.findByRole('option', { name: 'Lead owner', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(slackMessages.created)).toBeTruthy();
    expect(callsTo(fetchMock, NOTIFICATIONS).find((call) => call.method === 'POST')?.body).toEqual({
      event: EVENT,
      channel_id: '',
      channel_name: '',
      salesforce_owner_type: 'LEAD_OWNER',
      also_to_channel: false,
      notification_types: ['REGISTRATION'],
      is_active: true,
    });
  });

  it('needs a channel for the summaries even when the owner is told', async () => {
    const { fetchMock, user, form } = await newOwnerNotification();
    await user.click(within(form).getByRole('checkbox', { name: 'Registrant summary before the event' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(slackMessages.summariesNeedChannel)).toBeTruthy();
    expect(callsTo(fetchMock, NOTIFICATIONS).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says on the card whom a notification tells', async () => {
    openStudio(SETTINGS, {
      user: ada,
      routes: slackRoutes({
        notifications: [notification({ salesforce_owner_type: 'ACCOUNT_OWNER', also_to_channel: false })],
      }),
    });
    const card = await screen.findByRole('article', { name: '#signups' }, wait);
    expect(
      within(card).getByText('Direct message to the account owner; #signups when none is found'),
    ).toBeTruthy();
  });
});

describe("the organisation's Slack on /integrations", () => {
  it('connects with a pasted bot token and never shows it back', async () => {
    const { fetchMock } = openStudio('/integrations', {
      user: ada,
      routes: slackRoutes({ connected: false }),
    });
    const user = typist();
    const card = await screen.findByRole('article', { name: 'Slack' }, wait);
    expect(within(card).queryByRole('button', { name: 'Connect with Slack' })).toBeNull();
    await user.type(within(card).getByLabelText(/Bot token/), 'xoxb-1-2-secret');
    await user.click(within(card).getByRole('button', { name: 'Save token' }));
    expect(await screen.findByText(slackMessages.authenticationSuccessful)).toBeTruthy();
    expect(callsTo(fetchMock, `${ORGANIZATION}/slack/token/`)[0]?.body).toEqual({
      bot_token: 'xoxb-1-2-secret',
    });
  });

  it('shows the connected workspace with a way to disconnect', async () => {
    openStudio('/integrations', {
      user: ada,
      routes: slackRoutes({
        connection: connection({ connected: true, team_id: 'T0ACME', team_name: 'Acme Slack' }),
      }),
    });
    const card = await screen.findByRole('article', { name: 'Slack' }, wait);
    expect(await within(card).findByText('Acme Slack')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it("exchanges Slack's code when Slack sends the browser back with the state this browser kept", async () => {
    sessionStorage.setItem('studio.slack-oauth-state', 'state-1');
    window.history.replaceState(null, '', '/integrations?code=granted&state=state-1');
    const { fetchMock } = openStudio('/integrations', { user: ada, routes: slackRoutes() });
    expect(await screen.findByText(slackMessages.authenticationSuccessful, {}, wait)).toBeTruthy();
    expect(callsTo(fetchMock, `${ORGANIZATION}/slack/oauth/`)[0]?.body).toEqual({
      code: 'granted',
      redirect_uri: `${window.location.origin}/integrations`,
    });
    expect(window.location.search).toBe('');
  });
});

describe("an event's integrations summary", () => {
  it('links to the Slack notifications', async () => {
    openStudio(`/events/${EVENT}/integration/summary`, { user: ada, routes: slackRoutes() });
    const card = await screen.findByRole('article', { name: 'Slack' }, wait);
    expect(within(card).getByRole('link', { name: 'Manage Slack notifications' }).getAttribute('href')).toBe(
      SETTINGS,
    );
  });
});
