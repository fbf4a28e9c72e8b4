import { Button, Stack } from '@mantine/core';
import {
  EVENT_MEMBERS_PAGE_SIZE,
  EVENT_USER_STATUSES,
  EVENT_USER_STATUS_LABELS,
  registrantListAddressSchema,
  registrationMessages,
  type BulkModerationAction,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { registrationSettingsQuery } from '../../api/registration-settings.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListFilters } from '../../ui/list-filters.tsx';
import { useListPage } from '../../ui/list-page.ts';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { saveFile } from '../../ui/save-file.ts';
import { ListSearchInput, ServerListBody } from '../../ui/server-list.tsx';
import { showToast } from '../../ui/toast.ts';
import { AddRegistrantDialog } from './add-registrant-dialog.tsx';
import { AttendeeLinks } from './attendee-links.tsx';
import { ImportRegistrantsDialog } from './import-registrants-dialog.tsx';
import { RegistrantBulkBar } from './registrant-bulk-bar.tsx';
import {
  downloadRegistrants,
  eventMembersQuery,
  registrationEventQuery,
  useBulkModeration,
  useChangeMemberStatus,
} from './registrants-api.ts';
import { RegistrantsCounts } from './registrants-counts.tsx';
import { noRegistrants, RegistrantsTable, type RegistrantSelection } from './registrants-table.tsx';
import { useCheckInUpdates } from './use-check-in-updates.ts';

const statusOptions = EVENT_USER_STATUSES.map((status) => ({
  value: status,
  label: EVENT_USER_STATUS_LABELS[status],
}));

/**
 * An event's registrants (issue 16 §3, 002 §7.13): the registration settings, the counts, the
 * members 20 a page with search and status filters in the address, status changes per row, bulk
 * moderation of the chosen rows or of every match, export and import of CSV, a registrant added
 * by hand, and the links to the event's pages on the attendee origin; check-ins at the desks show
 * as they happen.
 */
export function RegistrantsPage({ eventId }: { eventId: string }) {
  const path = useLocation({ select: (location) => location.pathname });
  const { state, show, setPage, searchText, setSearchText, activeFilters } = useListPage(
    path,
    registrantListAddressSchema,
  );
  const event = useQuery(registrationEventQuery(eventId));
  const settings = useQuery(registrationSettingsQuery(eventId));
  const members = useQuery(eventMembersQuery(eventId, state));
  const [selection, setSelection] = useState<RegistrantSelection>(noRegistrants);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const changeStatus = useChangeMemberStatus(eventId);
  useCheckInUpdates(eventId);
  const bulk = useBulkModeration(eventId, () => {
    setSelection(noRegistrants);
    setDeleting(false);
  });
  // A new search or filter is another list: the choice made on the last one is dropped.
  const filters = `${state.search}|${state.status.join(',')}`;
  const [selectedOn, setSelectedOn] = useState(filters);
  if (selectedOn !== filters) {
    setSelectedOn(filters);
    setSelection(noRegistrants);
  }

  const rows = members.data?.results ?? [];
  const total = members.data?.count ?? 0;
  const chosen = selection.all ? total : selection.ids.length;
  const filtering = state.search !== '' || state.status.length > 0;

  const runBulk = (action: BulkModerationAction) =>
    bulk.mutate({
      action,
      body: selection.all
        ? { search: state.search, ...(state.status.length > 0 ? { event_user_status: state.status } : {}) }
        : { users: [...selection.ids] },
    });
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await downloadRegistrants(eventId, state), `registrants-${eventId}.csv`);
    } catch (error) {
      showToast(failureMessage(error), 'error');
    } finally {
      setExporting(false);
    }
  };
  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('add')}>
      Add Registrant
    </Button>
  );
  return (
    <Stack>
      <PageHeader
        title="Registrants"
        description="The people registered for this event: approve, promote, moderate, export and import them."
        actions={
          <>
            {event.data && <AttendeeLinks event={event.data} />}
            <Button variant="default" loading={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
            <Button variant="default" onClick={() => setDialog('import')}>
              Import CSV
            </Button>
            {add}
          </>
        }
      />
      <RegistrantsCounts eventId={eventId} capacity={settings.data?.registration_capacity ?? null} />
      <ListFilters
        activeCount={activeFilters(['status'])}
        search={
          <ListSearchInput value={searchText} onChange={setSearchText} placeholder="Name, email or company" />
        }
      >
        {(width) => (
          <MultiSelectField
            label="Status"
            placeholder={state.status.length > 0 ? undefined : 'All statuses'}
            w={width(300)}
            options={statusOptions}
            value={[...state.status]}
            onChange={(status) => show({ status: status as typeof state.status })}
          />
        )}
      </ListFilters>
      {chosen > 0 && (
        <RegistrantBulkBar
          count={chosen}
          total={total}
          allSelected={selection.all}
          busy={bulk.isPending}
          onSelectAll={() => setSelection({ all: true })}
          onAction={(action) => (action === 'delete' ? setDeleting(true) : runBulk(action))}
          onClear={() => setSelection(noRegistrants)}
        />
      )}
      <ServerListBody
        list={members}
        failure={registrationMessages.errorFetchingEventMembers}
        loadingLabel="Loading registrants"
        filtering={filtering}
        noMatch="No registrant matches these filters."
        emptyState={
          <EmptyState
            title="No registrants yet"
            message="People who register on the event's registration page appear here. You can also add them by hand or import a CSV file."
            action={add}
          />
        }
        pageSize={EVENT_MEMBERS_PAGE_SIZE}
        page={state.page}
        onPage={setPage}
      >
        <RegistrantsTable
          members={rows}
          approvalRequired={settings.data?.registration_approval_required ?? false}
          selection={selection}
          onSelect={setSelection}
          onChangeStatus={(member, to) => changeStatus.mutate({ member, to })}
          busy={changeStatus.isPending}
        />
      </ServerListBody>
      {dialog === 'add' && <AddRegistrantDialog eventId={eventId} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportRegistrantsDialog eventId={eventId} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={deleting}
        message={`${chosen} registrant${chosen === 1 ? '' : 's'} will be deleted from the event.`}
        confirmLabel="Delete"
        confirming={bulk.isPending}
        onConfirm={() => runBulk('delete')}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}
