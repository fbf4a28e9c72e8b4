import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './listening.ts';

/** A channel of the local Slack workspace. */
export interface LocalSlackChannel {
  id: string;
  name: string;
  is_private?: boolean;
  is_archived?: boolean;
  is_member?: boolean;
}

/** A member of the local Slack workspace (users.lookupByEmail finds them; chat.postMessage to their id is a direct message). */
export interface LocalSlackUser {
  id: string;
  name: string;
  email: string;
  deleted?: boolean;
}

/** A message chat.postMessage took. */
export interface PostedMessage {
  channel: string;
  text: string;
  blocks?: unknown[];
  token: string;
}

export interface LocalSlackOptions {
  clientId: string;
  clientSecret: string;
  /** The OAuth codes it grants, each to this bot token. */
  codes: Record<string, string>;
  /** The bot tokens it knows, each of a workspace. */
  tokens: Record<string, { teamId: string; teamName: string; botUserId: string }>;
  channels: LocalSlackChannel[];
  /** The workspace's members (none unless told). */
  users?: LocalSlackUser[];
  /** Channels per conversations.list page (its `limit` is honoured when smaller). */
  pageSize?: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').startsWith('application/json'))
    return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * Slack's Web API on loopback, the methods the studio calls, with Slack's documented shapes:
 * POST `/api/{method}` with a form or JSON body (users.lookupByEmail, chat.postMessage to a channel or a user's id), `Authorization: Bearer xoxb-…` (Basic client
 * credentials for oauth.v2.access), answering 200 `{ok: true, …}` or `{ok: false, error}`, and 429
 * with Retry-After when told to (`rateLimitNext`).
 */
export async function startLocalSlack(options: LocalSlackOptions) {
  const posted: PostedMessage[] = [];
  /** Statuses the next chat.postMessage calls answer before posting (429 or 5xx). */
  const postMessageScript: number[] = [];
  const ok = (fields: object) => ({ ok: true, ...fields });
  const refuse = (error: string) => ({ ok: false, error });

  function handle(method: string, auth: string, body: Record<string, unknown>): [number, object] {
    if (method === 'oauth.v2.access') {
      const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      if (auth !== basic) return [200, refuse('invalid_client_id')];
      const token = options.codes[text(body.code)];
      if (!token) return [200, refuse('invalid_code')];
      const team = options.tokens[token]!;
      return [
        200,
        ok({
          access_token: token,
          token_type: 'bot',
          scope: 'channels:read,chat:write',
          bot_user_id: team.botUserId,
          app_id: 'A0LOCAL',
          team: { id: team.teamId, name: team.teamName },
          enterprise: null,
          is_enterprise_install: false,
        }),
      ];
    }
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    const team = options.tokens[token];
    if (!team) return [200, refuse(token ? 'invalid_auth' : 'not_authed')];
    switch (method) {
      case 'auth.test':
        return [
          200,
          ok({
            url: 'https://local.slack.test/',
            team: team.teamName,
            user: 'studio',
            team_id: team.teamId,
            user_id: team.botUserId,
            bot_id: 'B0LOCAL',
          }),
        ];
      case 'conversations.list': {
        const limit = Math.min(Number(body.limit ?? 100), options.pageSize ?? 100);
        const start = body.cursor ? Number(Buffer.from(text(body.cursor), 'base64').toString('utf8')) : 0;
        const visible = options.channels.filter(
          (channel) => !(body.exclude_archived === 'true' && channel.is_archived),
        );
        const page = visible.slice(start, start + limit);
        const next =
          start + limit < visible.length ? Buffer.from(String(start + limit)).toString('base64') : '';
        return [200, ok({ channels: page, response_metadata: { next_cursor: next } })];
      }
      case 'conversations.info': {
        const channel = options.channels.find((candidate) => candidate.id === body.channel);
        return channel ? [200, ok({ channel })] : [200, refuse('channel_not_found')];
      }
      case 'users.lookupByEmail': {
        const user = (options.users ?? []).find(
          (candidate) =>
            !candidate.deleted && candidate.email.toLowerCase() === text(body.email).toLowerCase(),
        );
        if (!user) return [200, refuse('users_not_found')];
        return [
          200,
          ok({
            user: {
              id: user.id,
              team_id: team.teamId,
              name: user.name,
              deleted: false,
              is_bot: false,
              profile: { email: user.email, real_name: user.name },
            },
          }),
        ];
      }
      case 'chat.postMessage': {
        const status = postMessageScript.shift();
        if (status !== undefined)
          return [status, status === 429 ? refuse('ratelimited') : { error: 'server error' }];
        // A user's id as the channel: the app's direct message with them.
        const user = (options.users ?? []).find((candidate) => candidate.id === body.channel);
        if (user) {
          posted.push({ channel: user.id, text: text(body.text), blocks: body.blocks as unknown[], token });
          return [200, ok({ channel: `D${user.id.slice(1)}`, ts: `${Date.now() / 1000}` })];
        }
        const channel = options.channels.find((candidate) => candidate.id === body.channel);
        if (!channel) return [200, refuse('channel_not_found')];
        if (channel.is_archived) return [200, refuse('is_archived')];
        posted.push({ channel: channel.id, text: text(body.text), blocks: body.blocks as unknown[], token });
        return [200, ok({ channel: channel.id, ts: `${Date.now() / 1000}`, message: { text: body.text } })];
      }
      default:
        return [200, refuse('unknown_method')];
    }
  }

  const server = createServer((request, response) => {
    const method = (request.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
    bodyOf(request)
      .then((body) => {
        const [status, answer] = handle(method, request.headers.authorization ?? '', body);
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
        if (status === 429) headers['retry-after'] = '1';
        response.writeHead(status, headers).end(JSON.stringify(answer));
      })
      .catch(() => response.writeHead(400).end('{"ok":false,"error":"invalid_form_data"}'));
  });
  const port = await listenOnLoopback(server);
  return {
    apiBaseUrl: `http://127.0.0.1:${port}/api`,
    posted,
    /** The statuses the next chat.postMessage calls answer instead of posting, in order. */
    failNextPosts: (...statuses: number[]) => postMessageScript.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalSlack = Awaited<ReturnType<typeof startLocalSlack>>;
