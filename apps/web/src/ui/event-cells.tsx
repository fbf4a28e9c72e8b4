import { Table, Text } from '@mantine/core';
import { eventBadge, eventHref, type RegistrantCounts, type StudioEvent } from '@studio/domain';
import { EventStatusBadge } from './event-status-badge.tsx';
import { formatDateTime } from './formats.ts';
import { HrefLink } from './href-link.tsx';

/**
 * How an event's row begins in every list of events: its title (a link to it), its start in its
 * zone, its status at `now`. A recording has no schedule: on demand, neither live nor past.
 */
export function EventLeadCells({ event, now }: { event: StudioEvent; now: Date }) {
  const badge = eventBadge(event, now);
  return (
    <>
      <Table.Td>
        <HrefLink href={eventHref(event)}>{event.title}</HrefLink>
      </Table.Td>
      <Table.Td>{badge ? formatDateTime(event.start_time, event.timezone) : 'On demand'}</Table.Td>
      <Table.Td>{badge ? <EventStatusBadge status={badge} /> : '-'}</Table.Td>
    </>
  );
}

/** The Registrants column's header, its figures right-aligned as the cells are. */
export const registrantsColumn = (
  <Table.Th key="registrants" ta="right">
    Registrants
  </Table.Th>
);

/**
 * An event's registrants in a list: the people holding a seat, and those waitlisted beneath
 * (a short cell, so the column stays narrow in the table a phone scrolls sideways); '-' unread.
 */
export function RegistrantsCell({ counts }: { counts: RegistrantCounts | undefined }) {
  if (!counts) return <Table.Td>-</Table.Td>;
  return (
    <Table.Td ta="right">
      {counts.registered}
      {counts.waitlisted > 0 && (
        <Text size="xs" c="dimmed">
          +{counts.waitlisted} waitlisted
        </Text>
      )}
    </Table.Td>
  );
}
