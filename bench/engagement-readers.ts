// Attendees reading their push streams, in a process of their own (bench/engagement.ts forks it with
// `--import tsx`, so the studio's process is measured without them). Over IPC it is told
// `{ url, cookies, count }`, answers `'opened'` once its streams are open, answers each `'report'`
// with a `ReadersReport`, and closes its streams and exits at `'close'`.
import { ENGAGEMENT_PUSHED } from '@studio/domain';
import { occurrencesOf, openStreams } from './push-streams.ts';

export interface ReadersOrder {
  url: string;
  cookies: string[];
  count: number;
}

export interface ReadersReport {
  /** Chat messages each stream has received. */
  messages: number[];
  /** The streams the server ended while they were read (their indexes). */
  dropped: number[];
  /** Engagement pushes (writes of the studio's that reached a stream) over all the streams. */
  pushes: number;
}

const send = (message: unknown) => process.send!(message);

process.once('message', (order: ReadersOrder) => {
  const messages = new Array<number>(order.count).fill(0);
  let pushes = 0;
  void openStreams(
    order.url,
    order.cookies,
    order.count,
    (index) => {
      const countMessages = occurrencesOf('"type":"message"', (found) => (messages[index]! += found));
      const countPushes = occurrencesOf(`event: ${ENGAGEMENT_PUSHED}\n`, (found) => (pushes += found));
      return (chunk) => {
        countMessages(chunk);
        countPushes(chunk);
      };
    },
    { raw: true },
  ).then(
    (opened) => {
      process.on('message', (asked: 'report' | 'close') => {
        if (asked === 'report') {
          const report: ReadersReport = {
            messages,
            dropped: opened.streams.flatMap((stream, index) => (stream.dropped ? [index] : [])),
            pushes,
          };
          send(report);
        } else {
          opened.close();
          process.exit(0);
        }
      });
      send('opened');
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
