import { Button, Menu, Stack } from '@mantine/core';
import {
  EVENT_MEMBERS_PAGE_SIZE,
  EVENT_USER_STATUSES,
  registrantListAddressSchema,
  registrantStatusLabel,
  registrationMessages,
  type BulkModerationAction,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { failureMessage } from '../../api/api-error.ts';
import { registrationSettingsQuery } from '../../api/registration-settings.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useListPage, useListSelection } from '../../ui/list-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { saveFile } from '../../ui/save-file.ts';
import { SelectionBar, type SelectionAction } from '../../ui/selection-bar.tsx';
import { RegistrantListBody } from '../../ui/registrant-list.tsx';
import { showToast } from '../../ui/toast.ts';
import { AddRegistrantDialog } from './add-registrant-dialog.tsx';
import { AttendeeLinks } from './attendee-links.tsx';
import { ImportRegistrantsDialog } from './import-registrants-dialog.tsx';
import {
  downloadRegistrants,
  eventMembersQuery,
  registrationEventQuery,
  useBulkModeration,
  useChangeMemberStatus,
} from './registrants-api.ts';
import { RegistrantsCounts } from './registrants-counts.tsx';
import { noRegistrants, RegistrantsTable, type RegistrantSelection } from './registrants-table.tsx';
import { useRegistrantsUpdates } from './use-registrants-updates.ts';

/** What the bar over the chosen registrants offers: moderation of the rows or of every match. */
const REGISTRANT_ACTIONS = [
  { action: 'block', label: 'Block' },
  { action: 'unblock', label: 'Unblock' },
  { action: 'delete', label: 'Delete', danger: true },
] as const satisfies readonly SelectionAction<BulkModerationAction>[];

/** The status filter; Waitlisted reads 'Awaiting approval' at an event requiring approval. */
const statusChoice = (approvalRequired: boolean) =>
  ({
    key: 'status',
    label: 'Status',
    width: 300,
    options: EVENT_USER_STATUSES.map((value) => ({
      value,
      label: registrantStatusLabel(value, approvalRequired),
    })),
    placeholder: 'All statuses',
    several: 'picked',
  }) as const;

/**
 * An event's registrants (issue 16 §3, 002 §7.13): the registration settings, the counts, the
 * members 20 a page with search and status filters in the address, status changes per row, bulk
 * moderation of the chosen rows or of every match, export and import of CSV, a registrant added
 * by hand, and the links to the event's pages on the attendee origin; check-ins at the desks show
 * as they happen.
 */
export function RegistrantsPage({ eventId }: { eventId: string }) {
  const path = useLocation({ select: (location) => location.pathname });
  const narrow = useNarrowScreen();
  const page = useListPage(path, registrantListAddressSchema);
  const { state } = page;
  const event = useQuery(registrationEventQuery(eventId));
  const settings = useQuery(registrationSettingsQuery(eventId));
  const approvalRequired = settings.data?.registration_approval_required ?? false;
  const members = useQuery(eventMembersQuery(eventId, state));
  const [selection, setSelection] = useListSelection<RegistrantSelection>(
    `${state.search}|${state.status.join(',')}`,
    noRegistrants,
  );
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const changeStatus = useChangeMemberStatus(eventId);
  useRegistrantsUpdates(eventId);
  const bulk = useBulkModeration(eventId, () => {
    setSelection(noRegistrants);
    setDeleting(false);
  });

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
  const add = <AddButton onClick={() => setDialog('add')}>Add Registrant</AddButton>;
  // A phone: Add Registrant and the rest under one "More actions" button, so the first rows show
  // on the first screen (the buttons took three lines there).
  const actions = narrow ? (
    <>
      {add}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            loading={exporting}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            More actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {event.data && <AttendeeLinks event={event.data} asMenuItems />}
          <Menu.Item onClick={() => void exportCsv()}>Export CSV</Menu.Item>
          <Menu.Item onClick={() => setDialog('import')}>Import CSV</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  ) : (
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
  );
  return (
    <Stack gap={narrow ? 'sm' : undefined}>
      <PageHeader
        title="Registrants"
        description={
          // The title says it on a phone, where every line pushes the list down.
          !narrow &&
          'The people registered for this event: approve, promote, moderate, export and import them.'
        }
        actions={actions}
      />
      <RegistrantsCounts
        eventId={eventId}
        capacity={settings.data?.registration_capacity ?? null}
        approvalRequired={approvalRequired}
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Name, email or company"
        choices={[statusChoice(approvalRequired)]}
      />
      {chosen > 0 && (
        <SelectionBar
          label="Selected registrants"
          count={chosen}
          widen={
            !selection.all &&
            total > chosen && (
              <Button size="xs" variant="subtle" onClick={() => setSelection({ all: true })}>
                Select all {total} registrants
              </Button>
            )
          }
          actions={REGISTRANT_ACTIONS}
          busy={bulk.isPending}
          onAction={(action) => (action === 'delete' ? setDeleting(true) : runBulk(action))}
          onClear={() => setSelection(noRegistrants)}
        />
      )}
      <RegistrantListBody
        list={members}
        listPage={page}
        pageSize={EVENT_MEMBERS_PAGE_SIZE}
        failure={registrationMessages.errorFetchingEventMembers}
        filtering={filtering}
        whereFrom="People who register on the event's registration page appear here. You can also add them by hand or import a CSV file."
        add={add}
      >
        <RegistrantsTable
          members={rows}
          approvalRequired={approvalRequired}
          selection={selection}
          onSelect={setSelection}
          onChangeStatus={(member, to) => changeStatus.mutate({ member, to })}
          busy={changeStatus.isPending}
        />
      </RegistrantListBody>
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
