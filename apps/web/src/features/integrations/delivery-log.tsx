import { ActionIcon, Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { webhookDeliveryActivityLabel, webhookMessages, type WebhookAttempt } from '@studio/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { formatDateTime } from '../../ui/formats.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { useDeliveries, useRedeliver, WEBHOOKS_PAGE_SIZE, type WebhookDelivery } from './webhooks-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

const columns = [
  <Table.Th key="details" aria-label="Details" />,
  'Time',
  'Activity',
  'Status',
  'Attempts',
  'Last status or error',
  'Next attempt',
  ACTIONS_COLUMN,
];
const statusColor = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;
const when = (value: string | null) => (value ? formatDateTime(value) : '—');
/** What came back: the receiver's status code, else why none came. */
const outcome = (attempt: WebhookAttempt | undefined) =>
  attempt ? (attempt.status_code?.toString() ?? attempt.error ?? '—') : '—';

/** A webhook's delivery log (newest first, paged on the server); a row opens onto its attempts. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useDeliveries(webhookId, page);
  const redeliver = useRedeliver(webhookId);
  if (deliveries.isError) return <ErrorAlert>{webhookMessages.loadFailed}</ErrorAlert>;
  return (
    <ListStates
      pending={deliveries.isPending}
      loadingLabel="Loading deliveries"
      empty={deliveries.data?.count === 0}
      emptyState={
        <Text size="sm" c="dimmed" py="sm">
          No deliveries yet: they appear here once an activity happens or you send a ping.
        </Text>
      }
    >
      <ListTable minWidth={720} label="Delivery log" columns={columns}>
        {deliveries.data?.results.map((delivery) => (
          <Fragment key={delivery.id}>
            <DeliveryRow
              delivery={delivery}
              expanded={open === delivery.id}
              onToggle={() => setOpen(open === delivery.id ? null : delivery.id)}
              redelivering={redeliver.isPending && redeliver.variables.id === delivery.id}
              onRedeliver={() => redeliver.mutate(delivery)}
            />
            {open === delivery.id && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Attempts delivery={delivery} />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        ))}
      </ListTable>
      <ListPagination
        total={deliveries.data?.count ?? 0}
        pageSize={WEBHOOKS_PAGE_SIZE}
        page={page}
        onChange={setPage}
      />
    </ListStates>
  );
}

function DeliveryRow({
  delivery,
  expanded,
  onToggle,
  redelivering,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  redelivering: boolean;
  onRedeliver: () => void;
}) {
  const activity = webhookDeliveryActivityLabel(delivery.activity_type);
  return (
    <Table.Tr>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Hide' : 'Show'} the attempts of ${activity} at ${when(delivery.created_at)}`}
          onClick={onToggle}
        >
          {expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        </ActionIcon>
      </Table.Td>
      <Table.Td>{when(delivery.created_at)}</Table.Td>
      <Table.Td>{activity}</Table.Td>
      <Table.Td>
        <Badge color={statusColor[delivery.status]} variant="light" miw="max-content">
          {delivery.status}
        </Badge>
      </Table.Td>
      <Table.Td>{delivery.attempts.length}</Table.Td>
      <Table.Td>{outcome(delivery.attempts.at(-1))}</Table.Td>
      <Table.Td>{when(delivery.next_attempt_at)}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" loading={redelivering} onClick={onRedeliver}>
          Redeliver
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each attempt with what the receiver answered, as text (it is the receiver's, never trusted). */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <Text size="sm">No attempt yet.</Text>;
  return (
    <Stack gap="xs" aria-label="Attempts" role="list">
      {delivery.attempts.map((attempt, index) => (
        <Stack key={attempt.attempted_at} gap={2} role="listitem">
          <Text size="sm" fw={600}>
            Attempt {index + 1} · {when(attempt.attempted_at)} · {outcome(attempt)}
          </Text>
          {attempt.response_excerpt && (
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {attempt.response_excerpt}
            </Code>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
