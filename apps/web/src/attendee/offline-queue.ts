/**
 * Check-ins made while offline wait in the browser (localStorage, per event) and are sent when the
 * network returns. Sending one twice is harmless: the attendance call is idempotent.
 */
export type QueuedCheckIn = { member: string } | { code: string };

const keyOf = (eventId: string) => `check-in-queue:${eventId}`;

export function queuedCheckIns(eventId: string): QueuedCheckIn[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(eventId)) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedCheckIn[]) : [];
  } catch {
    return [];
  }
}

export function queueCheckIn(eventId: string, checkIn: QueuedCheckIn): number {
  const queue = [...queuedCheckIns(eventId), checkIn];
  localStorage.setItem(keyOf(eventId), JSON.stringify(queue));
  return queue.length;
}

/**
 * Sends the queue in order; each one the server answered (even with a refusal) leaves it, the
 * rest stay when the network fails again. Answers what is left.
 */
export async function flushCheckIns(
  eventId: string,
  send: (checkIn: QueuedCheckIn) => Promise<Response>,
): Promise<number> {
  const queue = queuedCheckIns(eventId);
  let sent = 0;
  for (const checkIn of queue) {
    try {
      await send(checkIn);
    } catch {
      break;
    }
    sent += 1;
  }
  const left = queue.slice(sent);
  localStorage.setItem(keyOf(eventId), JSON.stringify(left));
  return left.length;
}
