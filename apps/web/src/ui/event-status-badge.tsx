import { Badge } from '@mantine/core';
import type { EventTimeBadge } from '@studio/domain';

const colors: Record<EventTimeBadge, string> = { LIVE: 'red', UPCOMING: 'blue', PAST: 'gray' };

/** An event's LIVE / UPCOMING / PAST badge (domain `eventTimeStatus`), the same on every page. */
export function EventStatusBadge({ status }: { status: EventTimeBadge }) {
  return (
    <Badge color={colors[status]} variant={status === 'LIVE' ? 'filled' : 'light'}>
      {status}
    </Badge>
  );
}
