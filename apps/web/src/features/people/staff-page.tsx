import { Group, Stack, Table } from '@mantine/core';
import {
  EVENT_ROLES,
  fullName,
  peopleMessages,
  type PeopleSelection,
  type Role,
  type StaffMember,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { broadcastsQuery } from '../../api/event-sessions.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PeopleBulkActions, STAFF_ACTIONS } from './bulk-actions.tsx';
import { MagicLinkButton } from './magic-link-button.tsx';
import { inviteEmailQuery, staffQuery, staffRolesQuery, useRemoveStaff } from './people-api.ts';
import { noSelection } from './people-selection.tsx';
import { PeopleTable, PersonName } from './people-table.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { StaffDialog } from './staff-dialog.tsx';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons.tsx';

/** A staff member's roles by name (Producer, Coordinator), each once. */
function rolesOf(member: StaffMember, listed: readonly Role[]) {
  const byId = new Map(listed.map((role) => [role.id, role.display_name]));
  const ids =
    member.roles.length > 0 ? member.roles.map((entry) => entry.role.id) : [member.event_app_role ?? ''];
  const names = member.roles.length > 0 ? member.roles.map((entry) => entry.role.name) : [''];
  return [...new Set(ids.map((id, index) => byId.get(id) ?? names[index] ?? ''))].filter(Boolean).join(', ');
}

function StaffList({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const staff = useQuery(staffQuery(eventId));
  const roles = useQuery(staffRolesQuery);
  const invitation = useQuery(inviteEmailQuery(eventId, 'StaffInvite'));
  const sessions = useQuery(broadcastsQuery(eventId));
  const [editing, setEditing] = useState<StaffMember | 'new' | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [selection, setSelection] = useState<PeopleSelection>(noSelection);
  const remove = useRemoveStaff(eventId, () => setRemoving(null));
  useFailureToast(roles.isError, peopleMessages.errorLoadingRoles);
  useFailureToast(invitation.isError, peopleMessages.errorLoadingStaffEmailConfig);
  const rows = staff.data?.results ?? [];
  const add = <AddButton onClick={() => setEditing('new')}>Add Staff</AddButton>;
  return (
    <Stack>
      <PageHeader
        title="Staff"
        description="Producers and coordinators run the event backstage, in the sessions you give them."
        actions={add}
      />
      <PeopleBulkActions
        eventId={eventId}
        role={EVENT_ROLES.ORGANIZER}
        label="Selected staff"
        actions={STAFF_ACTIONS}
        removal={(count) =>
          `${count} staff member${count === 1 ? '' : 's'} will be removed from the event's staff.`
        }
        selection={selection}
        total={staff.data?.count ?? 0}
        onSelect={setSelection}
      />
      <PeopleTable
        label="Staff"
        list={staff}
        errorMessage={peopleMessages.errorLoadingStaff}
        loadingLabel="Loading staff"
        emptyState={
          <EmptyState
            title="No staff yet"
            message="Add a producer to run the event backstage, or a coordinator to share content and engage the audience."
            action={add}
          />
        }
        minWidth={720}
        columns={['Full Name', 'Title', 'Company', 'Role', 'Magic Link']}
        actionsWidth={90}
        rows={rows}
        selecting={{
          selection,
          onSelect: setSelection,
          selectAllLabel: 'Select all staff',
          nameOf: (member) => fullName(member.user),
        }}
        renderCells={(member) => {
          const name = fullName(member.user);
          return (
            <>
              <Table.Td>
                <PersonName name={name} picture={member.user.profile_picture_url} />
              </Table.Td>
              <Table.Td>{member.user.title ?? '—'}</Table.Td>
              <Table.Td>{member.user.company ?? '—'}</Table.Td>
              <Table.Td>{rolesOf(member, roles.data ?? [])}</Table.Td>
              <Table.Td>
                <MagicLinkButton eventId={eventId} userId={member.user.id} name={name} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <EditDeleteButtons
                    editLabel={`Change the roles of ${name}`}
                    onEdit={() => setEditing(member)}
                    deleteLabel={`Remove ${name}`}
                    onDelete={() => setRemoving(member)}
                  />
                </Group>
              </Table.Td>
            </>
          );
        }}
      />
      {editing && (
        <StaffDialog
          eventId={eventId}
          organizationId={organizationId}
          member={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          sessions={sessions.data ?? []}
          invitation={invitation.data ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        message={`${removing ? fullName(removing.user) : ''} will be removed from the event's staff.`}
        confirmLabel="Remove"
        confirming={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

/**
 * An event's staff (002 §3.10, 000 §3): producers and coordinators with their roles per session.
 * Read only when the organisation has event roles enabled (002 §6).
 */
export function StaffPage({
  eventId,
  organizationId,
  eventRolesEnabled,
}: {
  eventId: string;
  organizationId: string;
  eventRolesEnabled: boolean;
}) {
  if (!eventRolesEnabled)
    return (
      <Stack>
        <PageHeader title="Staff" />
        <EmptyState
          title="Event roles are not enabled"
          message={`${peopleMessages.eventRolesDisabled} ${peopleMessages.eventRolesWhereToTurnOn}`}
          action={<HrefLink href="/settings-new/organization">Open Settings › Organization</HrefLink>}
          icon={<IconLock size={26} aria-hidden />}
        />
      </Stack>
    );
  return <StaffList eventId={eventId} organizationId={organizationId} />;
}
