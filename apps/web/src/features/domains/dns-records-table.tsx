import { Group, Stack, Table, Text } from '@mantine/core';
import { domainMessages, type DnsRecord } from '@studio/domain';
import { CopyButton } from '../../ui/copy-button.tsx';

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
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={`DNS records of ${name}`} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{domainMessages.recordType}</Table.Th>
              <Table.Th>{domainMessages.recordHost}</Table.Th>
              <Table.Th>{domainMessages.recordValue}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => (
              <Table.Tr key={record.type}>
                <Table.Td>{record.type}</Table.Td>
                {[
                  { part: domainMessages.recordHost, value: record.host },
                  { part: domainMessages.recordValue, value: record.value },
                ].map(({ part, value }) => (
                  <Table.Td key={part}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {value}
                      </Text>
                      <CopyButton
                        size="xs"
                        value={value}
                        aria-label={`Copy ${record.type} ${part.toLowerCase()}`}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Stack>
  );
}
