// The studio under sustained chat, in a process of its own (bench/engagement.ts forks it with
// `--expose-gc --import tsx`): a studio on PGlite on disk, as `npm start` keeps it, with an event
// open now and `argv[2]` attendees entered. Over IPC it sends a `ChatStudio` once its attendee site
// listens, answers each `'heap'` with its heap in use after a full GC (bytes), each `'unsent'` with
// the bytes its streams' sockets hold that the readers have not taken yet, and closes at `'close'`.
import type { Socket } from 'node:net';
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
const sockets = new Set<Socket>();
studio.attendeeSite.server.on('connection', (socket: Socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});
const site = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
process.on('message', (asked: 'heap' | 'unsent' | 'close') => {
  if (asked === 'heap') {
    gc();
    process.send!(process.memoryUsage().heapUsed);
    return;
  }
  if (asked === 'unsent') {
    let unsent = 0;
    for (const socket of sockets) unsent += socket.writableLength;
    process.send!(unsent);
    return;
  }
  studio.attendeeSite.server.closeAllConnections();
  void studio.close().then(() => process.exit(0));
});
const ready: ChatStudio = { site, eventId, cookies: people.map((person) => person.cookie) };
process.send!(ready);
