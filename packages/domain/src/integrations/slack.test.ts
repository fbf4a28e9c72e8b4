import { describe, expect, it } from 'vitest';
import {
  createSlackNotificationSchema,
  patchSlackNotificationSchema,
  SLACK_BOT_SCOPES,
  SLACK_SALESFORCE_OWNER_TYPES,
  slackMessages,
  slackNotificationRouteProblem,
  slackOwnerNotReached,
  slackOwnerReasons,
  slackSalesforceOwnerTypeLabels,
  startsInWords,
  type SlackNotificationKind,
} from './slack.ts';

describe("startsInWords: the registrant summary's time left", () => {
  it('says the minutes left, rounded', () => {
    expect(startsInWords(20 * 60_000)).toBe('starts in 20 minutes');
    expect(startsInWords(59 * 60_000 + 20_000)).toBe('starts in 59 minutes');
    expect(startsInWords(59 * 60_000 + 40_000)).toBe('starts in 60 minutes');
  });

  it('says one minute, and less than a minute', () => {
    expect(startsInWords(60_000)).toBe('starts in 1 minute');
    expect(startsInWords(20_000)).toBe('starts in less than a minute');
  });
});

describe("'Slack plus Salesforce': owner types and where a notification sends", () => {
  it('names the spec owner types in product words', () => {
    expect(SLACK_SALESFORCE_OWNER_TYPES).toEqual(['ACCOUNT_OWNER', 'CONTACT_OWNER', 'LEAD_OWNER']);
    expect(SLACK_SALESFORCE_OWNER_TYPES.map((type) => slackSalesforceOwnerTypeLabels[type])).toEqual([
      'Account owner',
      'Contact owner',
      'Lead owner',
    ]);
    expect(slackOwnerNotReached('LEAD_OWNER', slackOwnerReasons.noRecord('Lead'))).toBe(
      'Not sent to the lead owner: no Salesforce Lead has this email.',
    );
  });

  it('needs a channel unless the owner is told, and always for the summaries', () => {
    const route = (channel_id: string, owner: 'CONTACT_OWNER' | null, kinds: SlackNotificationKind[]) =>
      slackNotificationRouteProblem({
        channel_id,
        salesforce_owner_type: owner,
        notification_types: kinds,
      });
    expect(route('C0SIGNUPS', null, ['REGISTRATION'])).toBeNull();
    expect(route('', null, ['REGISTRATION'])).toEqual({
      field: 'channel_id',
      message: slackMessages.channelRequired,
    });
    expect(route('', 'CONTACT_OWNER', ['REGISTRATION', 'ATTENDED'])).toBeNull();
    expect(route('', 'CONTACT_OWNER', ['REGISTRATION', 'PRE_EVENT_REGISTRANT_SUMMARY'])).toEqual({
      field: 'channel_id',
      message: slackMessages.summariesNeedChannel,
    });
    expect(route('C0SIGNUPS', 'CONTACT_OWNER', ['POST_EVENT_ATTENDED_SUMMARY'])).toBeNull();
  });

  it('asks for the users scopes that find an owner in Slack by email', () => {
    expect(SLACK_BOT_SCOPES).toEqual(expect.arrayContaining(['users:read', 'users:read.email']));
  });

  it('reads a change as only what it names: no default turns a notification on or clears its channel', () => {
    expect(patchSlackNotificationSchema.parse({ notification_types: ['REGISTRATION'] })).toEqual({
      notification_types: ['REGISTRATION'],
    });
    expect(
      createSlackNotificationSchema.parse({
        event: '00000000-0000-4000-8000-000000000001',
        notification_types: ['REGISTRATION'],
        salesforce_owner_type: 'ACCOUNT_OWNER',
      }),
    ).toMatchObject({ channel_id: '', salesforce_owner_type: 'ACCOUNT_OWNER', also_to_channel: false });
  });
});
