// The studio under sustained chat, in a process of its own (bench/engagement.ts forks it with
// `--expose-gc --import tsx`): a studio on PGlite on disk, as `npm start` keeps it, with an event
// open now and `argv[2]` attendees entered. Over IPC it sends a `ChatStudio` once its attendee site
// listens, answers each `'heap'` with its heap in use after a full GC (bytes), and closes at `'close'`.
import { openEvent } from './engagement.ts';
import { studioOnDisk } from './bench-util.ts';

export interface ChatStudio {
  /** The attendee site's origin. */
  site: string;
  eventId: string;
  /** The attendees' session cookies. */
  cookies: string[];
}

const gc = globalThis.gc!;
const studio = await studioOnDisk();
const { eventId, people } = await openEvent(studio, Number(process.argv[2]));
const site = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
process.on('message', (asked: 'heap' | 'close') => {
  if (asked === 'heap') {
    gc();
    process.send!(process.memoryUsage().heapUsed);
    return;
  }
  studio.attendeeSite.server.closeAllConnections();
  void studio.close().then(() => process.exit(0));
});
const ready: ChatStudio = { site, eventId, cookies: people.map((person) => person.cookie) };
process.send!(ready);
