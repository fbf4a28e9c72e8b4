import { Group, Stack, Table, Text } from '@mantine/core';
import { domainMessages, type DnsRecord } from '@studio/domain';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ListTable } from '../../ui/list-table.tsx';

/** The records to create at the DNS provider, read-only, each part with its copy button. */
export function DnsRecordsTable({
  name,
  records,
  title,
  note,
}: {
  /** What the records are for (the table's accessible name). */
  name: string;
  records: readonly DnsRecord[];
  title?: string;
  note: string;
}) {
  return (
    <Stack gap="xs">
      {title && (
        <Text fw={600} size="sm">
          {title}
        </Text>
      )}
      <ListTable
        withTableBorder
        label={`DNS records of ${name}`}
        columns={[domainMessages.recordType, domainMessages.recordHost, domainMessages.recordValue]}
      >
        {records.map((record) => (
          <Table.Tr key={record.type}>
            <Table.Td>{record.type}</Table.Td>
            {[
              { part: domainMessages.recordHost, value: record.host },
              { part: domainMessages.recordValue, value: record.value },
            ].map(({ part, value }) => (
              <Table.Td key={part}>
                {/* The value breaks anywhere and takes the room; the button keeps its width, and goes
                    under the value where the cell is too narrow for both (a phone). */}
                <Group gap="xs" wrap="wrap">
                  <Text
                    size="sm"
                    ff="monospace"
                    style={{ overflowWrap: 'anywhere', flex: '1 1 8rem', minWidth: 0 }}
                  >
                    {value}
                  </Text>
                  <CopyButton
                    size="xs"
                    value={value}
                    aria-label={`Copy ${record.type} ${part.toLowerCase()}`}
                    style={{ flexShrink: 0 }}
                  />
                </Group>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </ListTable>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
