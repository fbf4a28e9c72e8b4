// Attendees' push streams (`/e/{id}/api/push`) as the engagement bench's clients open them: real
// HTTP server-sent-event connections on loopback, each read to the end of every chunk.
import http from 'node:http';
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';

export interface PushStream {
  /** Ends it from the bench's side. */
  close(): void;
  /** The server ended it while the bench still read it. */
  dropped: boolean;
}

/**
 * Opens `count` push streams, 100 at a time, spread over the attendees' cookies; stream `index`'s
 * body chunks go to the reader `readerOf(index)` answers. `raw`: the socket's bytes as they come
 * (the response's head and the chunked encoding's size lines included), without Node's HTTP client
 * parsing them — thousands of streams read on the studio's own cores cost it less; the readers'
 * patterns never straddle a chunk's size line, since each push is one chunk.
 */
export async function openStreams(
  url: string,
  cookies: string[],
  count: number,
  readerOf: (index: number) => (chunk: Buffer) => void,
  { raw = false } = {},
) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: PushStream[] = [];
  const target = new URL(url);
  const openParsed = (index: number, stream: PushStream, read: (chunk: Buffer) => void) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        url,
        { agent, headers: { cookie: cookies[index % cookies.length]!, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200)
            return reject(new Error(`push stream answered ${response.statusCode}`));
          response.on('data', read);
          response.on('close', () => (stream.dropped = !request.destroyed));
          streams[index] = stream;
          resolve();
        },
      );
      stream.close = () => request.destroy();
      request.on('error', (error) => (streams[index] === stream ? undefined : reject(error)));
    });
  const openRaw = (index: number, stream: PushStream, read: (chunk: Buffer) => void) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(target.port), target.hostname, () =>
        socket.write(
          `GET ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\ncookie: ${cookies[index % cookies.length]!}\r\naccept: text/event-stream\r\n\r\n`,
        ),
      );
      let closedByUs = false;
      stream.close = () => {
        closedByUs = true;
        socket.destroy();
      };
      socket.once('data', (head: Buffer) => {
        if (!head.subarray(0, 12).toString().startsWith('HTTP/1.1 200'))
          return reject(new Error(`push stream answered ${head.subarray(0, 12).toString()}`));
        read(head);
        socket.on('data', read);
        socket.on('close', () => (stream.dropped = !closedByUs));
        streams[index] = stream;
        resolve();
      });
      socket.on('error', (error) => (streams[index] === stream ? undefined : reject(error)));
    });
  const open = (index: number) => {
    const stream = { dropped: false } as PushStream;
    return (raw ? openRaw : openParsed)(index, stream, readerOf(index));
  };
  for (let at = 0; at < count; at += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - at) }, (_, i) => open(at + i)));
  return {
    streams,
    close() {
      for (const stream of streams) stream.close();
      agent.destroy();
    },
  };
}

/** A reader handing each complete server-sent event (without its blank line) to `onFrame`. */
export function framesOf(onFrame: (frame: string) => void): (chunk: Buffer) => void {
  const decoder = new StringDecoder('utf8');
  let buffered = '';
  return (chunk) => {
    buffered += decoder.write(chunk);
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      onFrame(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
    }
  };
}

/**
 * A reader counting the occurrences of `pattern` in the bytes it reads (one may straddle two
 * chunks), without decoding them: thousands of streams at a busy chat's rate stay cheap to read.
 */
export function occurrencesOf(pattern: string, counted: (found: number) => void): (chunk: Buffer) => void {
  const bytes = Buffer.from(pattern);
  const keep = bytes.length - 1;
  let tail = Buffer.alloc(0);
  const count = (data: Buffer) => {
    let found = 0;
    for (let at = data.indexOf(bytes); at >= 0; at = data.indexOf(bytes, at + 1)) found += 1;
    return found;
  };
  return (chunk) => {
    // Across the boundary: the previous chunk's last bytes and this one's first.
    const across = count(Buffer.concat([tail, chunk.subarray(0, keep)]));
    counted(across + count(chunk));
    tail = Buffer.from(Buffer.concat([tail, chunk.subarray(-keep)]).subarray(-keep));
  };
}
