import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import {
  EVENT_USER_STATUS_LABELS,
  registrationMessages,
  SERIES_REGISTRANTS_PAGE_SIZE,
  seriesRegistrantListAddressSchema,
  type SeriesRegistrantListAddress,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { currentUserQuery } from '../../api/identity.ts';
import { useListPage } from '../../ui/list-page.ts';
import { companyChoice, labelledOptions, ListToolbar, sortChoice } from '../../ui/list-toolbar.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { RegistrantListBody } from '../../ui/registrant-list.tsx';
import { RegisterSeriesUserDialog } from './register-series-user-dialog.tsx';
import { seriesEventsQuery, seriesRegistrantsQuery } from './series-registrants-api.ts';
import { ListTable } from '../../ui/list-table.tsx';

const SORT_LABELS: Record<SeriesRegistrantListAddress['sort'], string> = {
  first_name: 'Full name (A–Z)',
  '-first_name': 'Full name (Z–A)',
  email: 'Email (A–Z)',
  '-email': 'Email (Z–A)',
  company: 'Company (A–Z)',
  '-company': 'Company (Z–A)',
};

/**
 * A series' (or repeating event's) registrants (002 §3.13, §7.10): one row per person with their
 * events of the series and the status in each, 25 a page, by full name (sent as first_name) unless
 * sorted otherwise, filtered by company and events, searched; a person registered for chosen events.
 */
export function SeriesRegistrantsPage({ seriesId }: { seriesId: string }) {
  const path = useLocation({ select: (location) => location.pathname });
  const page = useListPage(path, seriesRegistrantListAddressSchema);
  const { state } = page;
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const registrants = useQuery(seriesRegistrantsQuery(seriesId, state));
  const events = useQuery({
    ...seriesEventsQuery(organizationId, seriesId),
    enabled: Boolean(organizationId),
  });
  const [registering, setRegistering] = useState(false);

  const rows = registrants.data?.results ?? [];
  const eventOptions = (events.data ?? []).map((event) => ({
    value: event.id,
    label: event.title,
    formId: event.registration_form_data?.id ?? null,
  }));
  const filtering = state.search !== '' || state.company.length > 0 || state.events.length > 0;
  const register = (
    <AddButton disabled={eventOptions.length === 0} onClick={() => setRegistering(true)}>
      Register User
    </AddButton>
  );
  return (
    <Stack>
      <PageHeader
        title="Registrants"
        description="Everyone registered for the events of this series, with their status in each."
        actions={register}
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Name, email or company"
        choices={[
          companyChoice(
            'company',
            240,
            rows.map((row) => row.company),
            'All companies',
          ),
          {
            key: 'events',
            label: 'Events',
            width: 280,
            options: eventOptions,
            placeholder: 'All events',
            several: 'picked',
          },
          sortChoice(200, labelledOptions(SORT_LABELS)),
        ]}
      />
      <RegistrantListBody
        list={registrants}
        listPage={page}
        pageSize={SERIES_REGISTRANTS_PAGE_SIZE}
        failure={registrationMessages.errorFetchingSeriesRegistrants}
        filtering={filtering}
        whereFrom="People who register for the series or any of its events appear here."
        add={register}
      >
        <ListTable
          minWidth={720}
          verticalSpacing="xs"
          highlightOnHover
          label="Series registrants"
          columns={['Full Name', 'Email', 'Company', 'Events']}
        >
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.full_name}
                </Text>
              </Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.company ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.events.map((event) => (
                    <Badge key={event.id} variant="light" color="gray" maw={260} title={event.title}>
                      {event.title} · {EVENT_USER_STATUS_LABELS[event.event_user_status]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </RegistrantListBody>
      {registering && (
        <RegisterSeriesUserDialog
          seriesId={seriesId}
          events={eventOptions}
          onClose={() => setRegistering(false)}
        />
      )}
    </Stack>
  );
}
