// Attendees' push streams (`/e/{id}/api/push`) as the engagement bench's clients open them: real
// HTTP server-sent-event connections on loopback, each read to the end of every chunk.
import http from 'node:http';
import { StringDecoder } from 'node:string_decoder';

export interface PushStream {
  request: http.ClientRequest;
  /** The server ended it while the bench still read it. */
  dropped: boolean;
}

/**
 * Opens `count` push streams, 100 at a time, spread over the attendees' cookies; stream `index`'s
 * body chunks go to the reader `readerOf(index)` answers.
 */
export async function openStreams(
  url: string,
  cookies: string[],
  count: number,
  readerOf: (index: number) => (chunk: Buffer) => void,
) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: PushStream[] = [];
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const stream = { dropped: false } as PushStream;
      const read = readerOf(index);
      stream.request = http.get(
        url,
        { agent, headers: { cookie: cookies[index % cookies.length]!, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200)
            return reject(new Error(`push stream answered ${response.statusCode}`));
          response.on('data', read);
          response.on('close', () => (stream.dropped = !stream.request.destroyed));
          streams[index] = stream;
          resolve();
        },
      );
      stream.request.on('error', (error) => (streams[index] === stream ? undefined : reject(error)));
    });
  for (let at = 0; at < count; at += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - at) }, (_, i) => open(at + i)));
  return {
    streams,
    close() {
      for (const stream of streams) stream.request.destroy();
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
