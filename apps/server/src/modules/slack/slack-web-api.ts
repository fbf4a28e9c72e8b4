import type { SlackConfig } from '../../config.ts';
import { postOutbound, type OutboundPolicy } from '../../platform/outbound-request.ts';

/** Slack answered 429: try again after this many seconds (its Retry-After). */
export class SlackRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Slack is rate limiting: retry after ${retryAfterSeconds} s`);
  }
}

/** Slack did not answer, or answered 5xx or something that is not its JSON: a passing failure. */
export class SlackUnavailable extends Error {}

/** Slack answered `ok: false` (its `error` code: channel_not_found, invalid_auth …): a lasting failure. */
export class SlackRefused extends Error {
  constructor(readonly error: string) {
    super(`Slack answered ${error}`);
  }
}

export interface SlackApiChannel {
  id: string;
  name: string;
  is_private?: boolean;
  is_archived?: boolean;
  is_member?: boolean;
}

const DEFAULT_RETRY_AFTER_SECONDS = 30;
// A page of 200 channels is a few hundred kilobytes.
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * Slack's Web API, the calls the studio makes: each a POST to `{base}/{method}` (form-encoded,
 * or JSON for chat.postMessage), authenticated by the bot token, answering `{ok, error?, …}`.
 */
export function createSlackWebApi(config: SlackConfig, policy: OutboundPolicy) {
  const base = config.apiBaseUrl.replace(/\/+$/, '');

  async function call<T>(
    method: string,
    body: { form: Record<string, string> } | { json: object },
    authorization?: string,
  ): Promise<T> {
    const [payload, contentType] =
      'form' in body
        ? [new URLSearchParams(body.form).toString(), 'application/x-www-form-urlencoded']
        : [JSON.stringify(body.json), 'application/json; charset=utf-8'];
    let answer;
    try {
      answer = await postOutbound(
        `${base}/${method}`,
        payload,
        { 'content-type': contentType, ...(authorization ? { authorization } : {}) },
        { ...policy, maxResponseBytes: MAX_ANSWER_BYTES },
      );
    } catch (error) {
      throw new SlackUnavailable(`No answer from Slack: ${(error as Error).message}`);
    }
    if (answer.status === 429) {
      const seconds = Number(answer.headers?.['retry-after']);
      throw new SlackRateLimited(
        Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS,
      );
    }
    if (answer.status >= 500) throw new SlackUnavailable(`Slack answered ${answer.status}`);
    let parsed: { ok?: unknown; error?: unknown };
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      throw new SlackUnavailable(`Slack answered ${answer.status} without JSON`);
    }
    if (parsed.ok !== true)
      throw new SlackRefused(typeof parsed.error === 'string' ? parsed.error : 'unknown_error');
    return parsed as T;
  }

  const bearer = (token: string) => `Bearer ${token}`;

  return {
    /** Whether the studio has a Slack app of its own (OAuth); otherwise tokens are pasted. */
    oauthClientId: config.clientId && config.clientSecret ? config.clientId : null,
    /** Slack's authorize page, on the API's host (https://slack.com/oauth/v2/authorize). */
    authorizeUrl: new URL('/oauth/v2/authorize', base).toString(),

    /** oauth.v2.access: the code Slack sent back for the studio's app, into a bot token. */
    exchangeCode: (code: string, redirectUri: string) =>
      call<{ access_token: string; bot_user_id?: string; team?: { id: string; name?: string } }>(
        'oauth.v2.access',
        { form: { code, redirect_uri: redirectUri } },
        `Basic ${Buffer.from(`${config.clientId ?? ''}:${config.clientSecret ?? ''}`).toString('base64')}`,
      ),

    /** auth.test: whose token this is. */
    whoAmI: (token: string) =>
      call<{ team_id: string; team?: string; user_id?: string; bot_id?: string }>(
        'auth.test',
        { form: {} },
        bearer(token),
      ),

    /** conversations.list: every public and private channel the bot sees, page after page. */
    async channels(token: string): Promise<SlackApiChannel[]> {
      const channels: SlackApiChannel[] = [];
      let cursor = '';
      do {
        const page = await call<{
          channels: SlackApiChannel[];
          response_metadata?: { next_cursor?: string };
        }>(
          'conversations.list',
          {
            form: {
              types: 'public_channel,private_channel',
              exclude_archived: 'true',
              limit: '200',
              ...(cursor ? { cursor } : {}),
            },
          },
          bearer(token),
        );
        channels.push(...page.channels);
        cursor = page.response_metadata?.next_cursor ?? '';
      } while (cursor);
      return channels;
    },

    /** conversations.info: one channel, or SlackRefused('channel_not_found'). */
    channel: async (token: string, channelId: string) =>
      (
        await call<{ channel: SlackApiChannel }>(
          'conversations.info',
          { form: { channel: channelId } },
          bearer(token),
        )
      ).channel,

    /** users.lookupByEmail: the workspace's member with this email, or SlackRefused('users_not_found'). */
    userByEmail: async (token: string, email: string) =>
      (
        await call<{ user: { id: string; name?: string } }>(
          'users.lookupByEmail',
          { form: { email } },
          bearer(token),
        )
      ).user,

    /** chat.postMessage: a message (text and Block Kit blocks) to a channel, or to a user's id (a direct message from the app). */
    postMessage: (token: string, channel: string, message: { text: string; blocks?: unknown[] }) =>
      call<{ ts: string }>('chat.postMessage', { json: { channel, ...message } }, bearer(token)),
  };
}

export type SlackWebApi = ReturnType<typeof createSlackWebApi>;
