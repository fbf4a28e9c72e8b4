import { Badge, Chip, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  EMAIL_DELIVERY_STATUS_LABELS,
  EMAIL_DELIVERY_STATUSES,
  emailTypeLabel,
  LOGGED_EMAIL_TYPES,
  emailScheduleMessages,
  type EmailDeliveryStatus,
} from '@studio/domain';
import { useState } from 'react';
import { formatDateTime } from '../../ui/formats.ts';
import { ListSearchInput, ServerListBody } from '../../ui/server-list.tsx';
import {
  EMAIL_DELIVERIES_PAGE_SIZE,
  useEmailDeliveries,
  useEmailTracking,
  useSetEmailTracking,
  type DeliveryFilters,
} from './email-api.ts';
import { ListTable } from '../../ui/list-table.tsx';

const statusColors: Record<EmailDeliveryStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  bounced: 'orange',
  complained: 'grape',
  suppressed: 'yellow',
};

/** An event's delivery log: every message with its status, filtered, with the counts per status. */
export function DeliveryLog({ eventId }: { eventId: string }) {
  const [filters, setFilters] = useState<DeliveryFilters>({
    page: 1,
    status: null,
    emailType: null,
    search: '',
  });
  const [searchText, setSearchText] = useState('');
  const deliveries = useEmailDeliveries(eventId, { ...filters, search: searchText.trim() });
  const show = (change: Partial<DeliveryFilters>) => setFilters({ ...filters, page: 1, ...change });
  const counts = deliveries.data?.counts;
  const engagement = deliveries.data?.engagement;
  const tracking = useEmailTracking();
  const setTracking = useSetEmailTracking();
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          Delivery log
        </Title>
        <Switch
          label="Track opens and clicks"
          description="For every email of your organization sent from now on"
          checked={tracking.data?.track_opens_and_clicks ?? false}
          disabled={tracking.isPending || setTracking.isPending}
          onChange={(event) => setTracking.mutate(event.currentTarget.checked)}
        />
      </Group>
      {engagement && (
        <Text size="sm" c="dimmed">
          Opened: {engagement.opened} · Clicked: {engagement.clicked}
        </Text>
      )}
      <Chip.Group
        value={filters.status ?? 'all'}
        onChange={(status) => show({ status: status === 'all' ? null : status })}
      >
        <Group gap="xs" role="group" aria-label="Status">
          <Chip value="all">All</Chip>
          {EMAIL_DELIVERY_STATUSES.map((status) => (
            <Chip key={status} value={status}>
              {EMAIL_DELIVERY_STATUS_LABELS[status]} ({counts?.[status] ?? 0})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Email type"
          placeholder="All types"
          clearable
          data={LOGGED_EMAIL_TYPES.map((type) => ({ value: type.emailType, label: type.label }))}
          value={filters.emailType}
          onChange={(emailType) => show({ emailType })}
          w={240}
        />
        <ListSearchInput
          value={searchText}
          onChange={(text) => {
            setSearchText(text);
            show({});
          }}
          placeholder="Search recipients"
        />
      </Group>
      <ServerListBody
        list={deliveries}
        failure={emailScheduleMessages.errorLoadingDeliveries}
        loadingLabel="Loading the delivery log"
        filtering={filters.status !== null || filters.emailType !== null || searchText.trim() !== ''}
        noMatch="No message matches these filters."
        emptyState="No email has been sent for this event yet."
        pageSize={EMAIL_DELIVERIES_PAGE_SIZE}
        page={filters.page}
        onPage={(page) => setFilters({ ...filters, page })}
      >
        <ListTable
          label="Delivery log"
          minWidth={760}
          verticalSpacing="xs"
          columns={['Recipient', 'Email type', 'Status', 'Sent', 'Opened', 'Clicked']}
        >
          {deliveries.data?.results.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>{delivery.recipient}</Table.Td>
              <Table.Td>{emailTypeLabel(delivery.email_type)}</Table.Td>
              <Table.Td>
                <Badge color={statusColors[delivery.status]} variant="light">
                  {EMAIL_DELIVERY_STATUS_LABELS[delivery.status]}
                </Badge>
                {delivery.reason && (
                  <Text size="xs" c="dimmed">
                    {delivery.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{delivery.sent_at ? formatDateTime(delivery.sent_at) : '—'}</Table.Td>
              <Table.Td>{delivery.opened_at ? formatDateTime(delivery.opened_at) : '—'}</Table.Td>
              <Table.Td>{delivery.clicked_at ? formatDateTime(delivery.clicked_at) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ServerListBody>
    </Stack>
  );
}
