import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Requests the server makes to addresses organisers type (webhooks, connectors). Refused unless
 * the host is public: no IP literals, no name that resolves to a private, loopback, link-local or
 * reserved address; the connection goes to the address that was checked (no DNS rebinding between
 * the check and the connect), redirects are not followed, and the answer is read up to a cap.
 * `allowedHosts` (OUTBOUND_ALLOWED_HOSTS) are let through as they are: an operator's own services
 * on a private network, and the tests' receivers on loopback.
 */
export interface OutboundPolicy {
  allowedHosts: readonly string[];
  timeoutMs?: number;
  /** Bytes of the answer read at most; the rest is dropped. */
  maxResponseBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  /** The answer's first bytes (up to the policy's cap), as text. */
  body: string;
  headers?: http.IncomingHttpHeaders;
}

export class OutboundRefused extends Error {
  /** Whether the host name has no address (none could be found) rather than a refused one. */
  readonly unresolved: boolean;
  constructor(message: string, unresolved = false) {
    super(message);
    this.unresolved = unresolved;
  }
}

// Two lists: a BlockList judges an IPv4 address by its IPv6 rules too (as IPv4-mapped).
const privateV4 = new BlockList();
const privateV6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateV4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateV6.addSubnet(network, prefix, 'ipv6');

/** Whether an address is outside the public internet (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateV4.check(mapped, 'ipv4');
  return isIP(address) === 6 ? privateV6.check(address, 'ipv6') : privateV4.check(address, 'ipv4');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/**
 * The address to connect to for `url`, or OutboundRefused: the URL's checks and the DNS answer's.
 * Every address a name resolves to must be public (one private answer refuses it).
 */
export async function checkedAddress(
  url: URL,
  policy: OutboundPolicy,
): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('not http(s)');
  if (url.username || url.password) throw new OutboundRefused('credentials in the URL');
  const host = hostOf(url);
  const allowed = policy.allowedHosts.includes(host);
  if (isIP(host)) {
    if (!allowed) throw new OutboundRefused('an IP address instead of a host name');
    return { address: host, family: isIP(host) as 4 | 6 };
  }
  let answers: { address: string; family: number }[];
  try {
    answers = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new OutboundRefused(`the host ${host} does not resolve`, true);
  }
  if (answers.length === 0) throw new OutboundRefused(`the host ${host} does not resolve`, true);
  if (!allowed && answers.some((answer) => isPrivateAddress(answer.address)))
    throw new OutboundRefused(`the host ${host} resolves to a private address`);
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** POSTs `body` to `url` under the policy; a refusal throws OutboundRefused, a network failure its error. */
export function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  return sendOutbound({ method: 'POST', url, body, headers }, policy);
}

/**
 * A body streamed from its source (a stored recording) with a known length, never held whole;
 * opened again for each attempt.
 */
export interface StreamedBody {
  length: number;
  open(): Promise<Readable>;
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless the headers name another content type. */
  body?: string | Buffer | StreamedBody;
}

/** Sends a request under the policy; a refusal throws OutboundRefused, a network failure its error. */
export async function sendOutbound(
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const target = new URL(request.url);
  const { address, family } = await checkedAddress(target, policy);
  const maxBytes = policy.maxResponseBytes ?? 64 * 1024;
  const client = target.protocol === 'https:' ? https : http;
  const body = request.body ?? '';
  const streamed = typeof body === 'object' && !Buffer.isBuffer(body) ? body : undefined;
  const source = await streamed?.open();
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: request.method,
        headers: {
          ...(request.body !== undefined && { 'content-type': 'application/json' }),
          ...request.headers,
          'content-length': streamed ? streamed.length : Buffer.byteLength(body as string | Buffer),
        },
        timeout: policy.timeoutMs ?? 10_000,
        // The connection goes to the checked address; TLS still verifies the URL's host name.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
          else callback(null, address, family);
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < maxBytes) chunks.push(chunk.subarray(0, maxBytes - length));
          length += chunk.length;
          if (length >= maxBytes) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    // A failing source destroys the request, whose 'error' rejects.
    if (source) pipeline(source, outgoing).catch(() => {});
    else outgoing.end(body);
  });
}
