import { Badge } from '@mantine/core';
import type { EventTimeBadge } from '@studio/domain';

// LIVE is filled: red 8 under white text is 4.5:1 (WCAG AA), the theme's red 7 only 3.84:1.
const colors: Record<EventTimeBadge, string> = { LIVE: 'red.8', UPCOMING: 'blue', PAST: 'gray' };

/** An event's LIVE / UPCOMING / PAST badge (domain `eventTimeStatus`), the same on every page. */
export function EventStatusBadge({ status }: { status: EventTimeBadge }) {
  return (
    // Never squeezed to an ellipsis by a long title beside it or a narrow table column.
    <Badge color={colors[status]} variant={status === 'LIVE' ? 'filled' : 'light'} miw="max-content">
      {status}
    </Badge>
  );
}
