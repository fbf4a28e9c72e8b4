import { Table, Text } from '@mantine/core';
import type { RegistrantCounts } from '@studio/domain';

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
