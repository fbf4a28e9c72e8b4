import { Alert, Badge, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { EVENT_USER_STATUS_LABELS, registrantActivityMessages as messages } from '@studio/domain';
import { formatDateTime } from '../../ui/formats.ts';
import { useRegistrantActivity } from './registrant-activity-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { ListTable } from '../../ui/list-table.tsx';

/**
 * /registrants-activity?short_url= (001 §1, public): one registrant's registrations across the
 * organisation's events, for whoever holds the link an organiser shared (a CRM record, a rep).
 */
export function RegistrantActivityPage({ shortUrl }: { shortUrl: string }) {
  const activity = useRegistrantActivity(shortUrl);
  const profile = activity.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{messages.title}</Title>
        {activity.isPending && shortUrl !== '' && <Loader aria-label="Loading the registrant's activity" />}
        {activity.isError && <ErrorAlert>{messages.loadFailed}</ErrorAlert>}
        {(shortUrl === '' || profile === null) && (
          <Alert color="yellow" role="alert">
            {messages.notEnabled}
          </Alert>
        )}
        {profile && (
          <>
            <Stack gap={2}>
              <Text fw={600} size="lg">
                {profile.full_name || profile.email}
              </Text>
              <Text c="dimmed">
                {[profile.email, profile.title, profile.company].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm" c="dimmed">
                {messages.description}
              </Text>
            </Stack>
            {profile.events.length === 0 ? (
              <Text>{messages.noEvents}</Text>
            ) : (
              <ListTable
                label="Registrations"
                minWidth={560}
                columns={['Event', 'Starts', 'Status', 'Registered on', 'Checked in']}
              >
                {profile.events.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>{event.title}</Table.Td>
                    <Table.Td>{formatDateTime(event.start_time)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{EVENT_USER_STATUS_LABELS[event.event_user_status]}</Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(event.registered_at)}</Table.Td>
                    <Table.Td>{event.checked_in_at ? formatDateTime(event.checked_in_at) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
