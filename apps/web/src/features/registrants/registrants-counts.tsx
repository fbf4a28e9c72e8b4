import { Badge, Group, Text } from '@mantine/core';
import {
  EVENT_USER_STATUSES,
  SEAT_HOLDING_STATUSES,
  registrantStatusLabel,
  registrationMessages,
  seatLabel,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useFailureToast } from '../../ui/toast.ts';
import { totalRegistrantsQuery } from '../../api/event-registrants.ts';

/** The event's registrants counted, in all and by status (total_registrants, limit 20). */
export function RegistrantsCounts({
  eventId,
  capacity,
  approvalRequired,
}: {
  eventId: string;
  capacity: number | null;
  /** The Waitlisted await approval (the event requires it), not a seat. */
  approvalRequired: boolean;
}) {
  const totals = useQuery(totalRegistrantsQuery(eventId));
  useFailureToast(totals.isError, registrationMessages.errorFetchingTotalRegistrants);
  if (!totals.data) return null;
  const { count, by_status } = totals.data;
  // The seats are held by Registered, Attended and No Show people, not by everyone counted.
  const seated = SEAT_HOLDING_STATUSES.reduce((sum, status) => sum + (by_status[status] ?? 0), 0);
  const seats = capacity === null ? '' : ` · ${seated} of ${seatLabel(capacity)} taken`;
  return (
    <Group gap="xs" aria-label="Registrant counts" role="group">
      <Text size="sm" fw={600}>
        {`${count} registrant${count === 1 ? '' : 's'}${seats}`}
      </Text>
      {EVENT_USER_STATUSES.filter((status) => (by_status[status] ?? 0) > 0).map((status) => (
        <Badge key={status} variant="light" color="gray">
          {registrantStatusLabel(status, approvalRequired)}: {by_status[status]}
        </Badge>
      ))}
    </Group>
  );
}
