import {
  accessMessages,
  crmMessages,
  slackMessages,
  type ApiError,
  type SlackNotification,
  type SlackSalesforceOwners,
} from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio, openedForFile } from '../../../test/file-studio.ts';
import { eventually } from '../../../test/harness.ts';
import { startLocalSlack } from '../../../test/slack-server.ts';
import { slackMessagesOf } from './slack.fixtures.ts';
import { SALESFORCE_CLIENT, startSalesforceServer } from '../../../test/vendors/salesforce-server.ts';
import { setPlan } from '../access/access.fixtures.ts';
import {
  checkInByEmail,
  fileRegistrationOrganiser,
  register,
  registrant,
} from '../registration/registrants/registrants.fixtures.ts';

const BOT_TOKEN = 'xoxb-sales-1234';
const NOTIFICATIONS = '/api/event/slack-notifications/';

/** Salesforce users: the Contact owner, the Account owner, one who left, and one not in Slack. */
const OWEN = { Id: '0055g00000OwenAAA', Email: 'owen@acme.test', Name: 'Owen Sales', IsActive: true };
const ANA = { Id: '0055g00000AnaAAAA', Email: 'ana@acme.test', Name: 'Ana Accounts', IsActive: true };
const LEFT = { Id: '0055g00000LeftAAA', Email: 'left@acme.test', Name: 'Left Company', IsActive: false };
const OUTSIDER = { Id: '0055g00000OutsAAA', Email: 'outsider@acme.test', Name: 'Out Sider', IsActive: true };
const ACCOUNT = { Id: '0015g00000AcmeAAA', Name: 'Acme', OwnerId: ANA.Id };

/**
 * Spec 002 §3.17 'Slack plus Salesforce': an event's Slack notification tells the registrant's
 * Salesforce owner (ACCOUNT_OWNER, CONTACT_OWNER, LEAD_OWNER) in a direct message, looked up by
 * email through Salesforce's REST API (SOQL) and Slack's users.lookupByEmail, falling back to the
 * channel with why. Against the local Slack and Salesforce.
 */
describe("'Slack plus Salesforce': registrations told to the registrant's Salesforce owner", () => {
  const slack = openedForFile(() =>
    startLocalSlack({
      clientId: 'studio-app',
      clientSecret: 'studio-secret',
      codes: {},
      tokens: { [BOT_TOKEN]: { teamId: 'T0SALES', teamName: 'Sales', botUserId: 'U0BOT' } },
      channels: [{ id: 'C0SIGNUPS', name: 'signups', is_member: true }],
      users: [
        { id: 'U0OWEN', name: 'owen', email: OWEN.Email },
        { id: 'U0ANA', name: 'ana', email: ANA.Email },
      ],
    }),
  );
  const salesforce = openedForFile(startSalesforceServer);
  const studio = fileStudio(() => ({
    role: 'all',
    jobs: { pollIntervalMs: 50 },
    outboundAllowedHosts: ['127.0.0.1'],
    slack: { apiBaseUrl: slack.apiBaseUrl },
    slackRetryDelaysSeconds: [0, 0, 0],
    crm: { salesforceLoginUrl: salesforce.url },
    crmRetryDelayMs: 1,
  }));
  const { admin, api, event } = fileRegistrationOrganiser(studio);

  /** A registrant who is a Contact in Salesforce (owned by Owen, of Ana's Account unless told). */
  const contact = (first: string, fields: Record<string, unknown> = {}) => {
    const person = registrant(first);
    salesforce.records.Contact!.push({
      Id: `0035g${first.padEnd(13, '0').slice(0, 13)}`,
      Email: person.email,
      LastName: 'Parks',
      OwnerId: OWEN.Id,
      AccountId: ACCOUNT.Id,
      ...fields,
    });
    return person;
  };
  const messagesOf = (notificationId: string) => slackMessagesOf(studio, notificationId);
  const notify = (body: Record<string, unknown>) =>
    api.post<SlackNotification & ApiError>(NOTIFICATIONS, {
      event: event.id,
      notification_types: ['REGISTRATION', 'ATTENDED'],
      ...body,
    });
  const turnOff = async (notification: SlackNotification) =>
    expect((await api.patch(`${NOTIFICATIONS}${notification.id}/`, { is_active: false })).status).toBe(200);
  const owners = () => api.get<SlackSalesforceOwners>(`${NOTIFICATIONS}salesforce_owners/?event=${event.id}`);
  /** The SOQL statements Salesforce was asked, in order. */
  const soql = () => salesforce.requests.map((request) => request.query.get('q')).filter(Boolean);

  beforeAll(async () => {
    salesforce.records.User!.push(OWEN, ANA, LEFT, OUTSIDER);
    salesforce.records.Account!.push(ACCOUNT);
    const connected = await api.put(`/api/core/organization/${admin.organization.id}/slack/token/`, {
      bot_token: BOT_TOKEN,
    });
    expect(connected.status).toBe(200);
  });

  it('is offered once Salesforce is connected, and only when the plan has it', async () => {
    expect((await owners()).body).toEqual({
      available: false,
      message: crmMessages.notConnected('Salesforce'),
    });
    const refused = await notify({ salesforce_owner_type: 'CONTACT_OWNER' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.salesforce_owner_type).toEqual([crmMessages.notConnected('Salesforce')]);

    const authenticated = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'salesforce',
      ...SALESFORCE_CLIENT,
    });
    expect(authenticated.status).toBe(200);
    // The registrants' own push to Salesforce stays out of these tests' records.
    const paused = await api.patch(`/api/event/${event.id}/integration_settings/salesforce/`, {
      is_enabled: false,
    });
    expect(paused.status).toBe(200);
    expect((await owners()).body).toEqual({ available: true, message: null });

    await setPlan(studio, admin.organization.id, 'growth', { slack: true, salesforce: true });
    expect((await owners()).body).toEqual({
      available: false,
      message: slackMessages.salesforceOwnerUnavailable,
    });
    const notInPlan = await notify({ channel_id: 'C0SIGNUPS', salesforce_owner_type: 'CONTACT_OWNER' });
    expect(notInPlan.status).toBe(403);
    expect(notInPlan.body.message).toBe(accessMessages.featureNotEnabled);
    await setPlan(studio, admin.organization.id, 'growth', {
      slack: true,
      salesforce: true,
      slackSalesforce: true,
    });
    expect((await owners()).body.available).toBe(true);
  });

  it('needs a channel unless the owner is told, and for the summaries', async () => {
    const nowhere = await notify({});
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors?.channel_id).toEqual([slackMessages.channelRequired]);
    const summary = await notify({
      salesforce_owner_type: 'CONTACT_OWNER',
      notification_types: ['REGISTRATION', 'PRE_EVENT_REGISTRANT_SUMMARY'],
    });
    expect(summary.status).toBe(400);
    expect(summary.body.errors?.channel_id).toEqual([slackMessages.summariesNeedChannel]);
  });

  it('sends the Contact owner a direct message on a registration and a check-in, looked up by email', async () => {
    const created = await notify({ salesforce_owner_type: 'CONTACT_OWNER' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      channel_id: '',
      salesforce_owner_type: 'CONTACT_OWNER',
      also_to_channel: false,
    });
    const grace = contact('Grace');
    salesforce.requests.length = 0;
    expect((await register(studio, event.id, grace)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(1)));
    expect(slack.posted[0]).toMatchObject({
      channel: 'U0OWEN',
      text: `Grace Parks (${grace.email}) registered for ${event.title}`,
    });
    expect(soql()).toEqual([
      `SELECT Id, OwnerId FROM Contact WHERE Email = '${grace.email}' LIMIT 1`,
      `SELECT Id, Email, Name, IsActive FROM User WHERE Id = '${OWEN.Id}' LIMIT 1`,
    ]);
    await eventually(async () =>
      expect(await messagesOf(created.body.id)).toEqual([
        expect.objectContaining({ status: 'sent', recipient: 'U0OWEN', routing_note: null }),
      ]),
    );

    expect(await checkInByEmail(api, event.id, grace.email)).toBe(200);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(2)));
    expect(slack.posted[1]).toMatchObject({
      channel: 'U0OWEN',
      text: `Grace Parks (${grace.email}) checked in at ${event.title}`,
    });
    await turnOff(created.body);
  });

  it("tells the Account owner and, with 'also to the channel', the channel too", async () => {
    const created = await notify({
      channel_id: 'C0SIGNUPS',
      channel_name: 'signups',
      salesforce_owner_type: 'ACCOUNT_OWNER',
      also_to_channel: true,
      notification_types: ['REGISTRATION'],
    });
    expect(created.status).toBe(201);
    const posted = slack.posted.length;
    const lin = contact('Lin');
    salesforce.requests.length = 0;
    expect((await register(studio, event.id, lin)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(posted + 2)));
    expect(
      slack.posted
        .slice(posted)
        .map((message) => message.channel)
        .sort(),
    ).toEqual(['C0SIGNUPS', 'U0ANA']);
    expect(soql()[0]).toBe(`SELECT Id, Account.OwnerId FROM Contact WHERE Email = '${lin.email}' LIMIT 1`);
    await turnOff(created.body);
  });

  it('falls back to the channel, saying why, when no owner is found, and fails with why without a channel', async () => {
    const toChannel = await notify({
      channel_id: 'C0SIGNUPS',
      channel_name: 'signups',
      salesforce_owner_type: 'LEAD_OWNER',
      notification_types: ['REGISTRATION'],
    });
    const nowhere = await notify({
      salesforce_owner_type: 'ACCOUNT_OWNER',
      notification_types: ['REGISTRATION'],
    });
    expect([toChannel.status, nowhere.status]).toEqual([201, 201]);
    const posted = slack.posted.length;
    // A Contact, no Lead, and of no Account.
    const ada = contact('Ada', { AccountId: null });
    expect((await register(studio, event.id, ada)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(posted + 1)));
    const note = 'Not sent to the lead owner: no Salesforce Lead has this email.';
    expect(slack.posted[posted]).toMatchObject({
      channel: 'C0SIGNUPS',
      text: `Ada Parks (${ada.email}) registered for ${event.title}\n${note}`,
    });
    expect(slack.posted[posted]!.blocks?.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: note }],
    });
    await eventually(async () =>
      expect(await messagesOf(toChannel.body.id)).toEqual([
        expect.objectContaining({ status: 'sent', recipient: 'C0SIGNUPS', routing_note: note }),
      ]),
    );
    const why = 'Not sent to the account owner: the Salesforce Contact has no Account.';
    await eventually(async () =>
      expect(await messagesOf(nowhere.body.id)).toEqual([
        expect.objectContaining({ status: 'failed', last_error: why }),
      ]),
    );
    const listed = await api.get<{ results: SlackNotification[] }>(`${NOTIFICATIONS}?event=${event.id}`);
    expect(listed.body.results.find((row) => row.id === nowhere.body.id)?.last_error).toBe(why);
    await turnOff(toChannel.body);
    await turnOff(nowhere.body);
  });

  it('says so when the owner left Salesforce or is not in Slack, and retries while Salesforce is down', async () => {
    const created = await notify({
      channel_id: 'C0SIGNUPS',
      salesforce_owner_type: 'CONTACT_OWNER',
      notification_types: ['REGISTRATION'],
    });
    const posted = slack.posted.length;
    const left = contact('Lee', { OwnerId: LEFT.Id });
    expect((await register(studio, event.id, left)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(posted + 1)));
    expect(slack.posted[posted]!.text).toContain(
      'Not sent to the contact owner: the owner is not an active Salesforce user.',
    );

    const outside = contact('Olu', { OwnerId: OUTSIDER.Id });
    expect((await register(studio, event.id, outside)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(posted + 2)));
    expect(slack.posted[posted + 1]!.text).toContain(
      `Not sent to the contact owner: no one in the Slack workspace has the email ${OUTSIDER.Email}.`,
    );

    // Salesforce answers 503 to the next lookup: the message is tried again and reaches the owner.
    const kim = contact('Kim');
    salesforce.fail(1);
    expect((await register(studio, event.id, kim)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(slack.posted).toHaveLength(posted + 3)));
    expect(slack.posted[posted + 2]).toMatchObject({ channel: 'U0OWEN' });
    await eventually(async () =>
      expect((await messagesOf(created.body.id)).at(-1)).toMatchObject({
        status: 'sent',
        attempts: 2,
        recipient: 'U0OWEN',
      }),
    );
  });
});
