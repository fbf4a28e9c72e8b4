import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { CurrentUser, Workspace, WorkspaceMember } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useKnownPeople } from './known-people.ts';
import { roleLabel } from './role-label.ts';
import { MEMBERS_PAGE_SIZE, teamMembersQuery, useAddTeamMember, useRemoveTeamMember } from './teams-api.ts';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

interface TeamMembersDialogProps {
  team: Workspace;
  me: CurrentUser;
  organizationId: string;
  canManage: boolean;
  onClose: () => void;
}

/** A team's members, paged; admins add people of the organisation and remove members. */
export function TeamMembersDialog({ team, me, organizationId, canManage, onClose }: TeamMembersDialogProps) {
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const members = useQuery(teamMembersQuery(team.id, page));
  const remove = useRemoveTeamMember(team.id, () => setRemoving(null));

  return (
    <Modal opened onClose={onClose} title={`Members of ${team.name}`} size="lg" centered>
      <Stack>
        {canManage && <AddMemberForm team={team} me={me} organizationId={organizationId} />}
        {members.isPending && <Loader aria-label="Loading" />}
        <ErrorAlert error={members.error} />
        {members.data?.count === 0 && <Text c="dimmed">This team has no members yet.</Text>}
        {members.data && members.data.count > 0 && (
          <ListTable label="Members" columns={['Name', 'Email', 'Role', canManage && ACTIONS_COLUMN]}>
            {members.data.results.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  {member.first_name} {member.last_name}
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{roleLabel(member.role)}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Button size="xs" color="red" variant="light" onClick={() => setRemoving(member)}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </ListTable>
        )}
        {members.data && (
          <ListPagination
            total={members.data.count}
            pageSize={MEMBERS_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        message={
          removing ? `${removing.first_name} ${removing.last_name} will be removed from ${team.name}.` : ''
        }
        confirmLabel="Remove"
        confirming={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Modal>
  );
}

function AddMemberForm({
  team,
  me,
  organizationId,
}: {
  team: Workspace;
  me: CurrentUser;
  organizationId: string;
}) {
  const known = useKnownPeople(me, organizationId);
  const [personId, setPersonId] = useState<string | null>(null);
  const add = useAddTeamMember(team.id, () => setPersonId(null));
  const candidates = known.people
    .filter((person) => !person.teams.some((entry) => entry.id === team.id))
    .map((person) => ({
      value: person.id,
      label: `${person.first_name} ${person.last_name}`.trim() || person.email,
      subLabel: person.email,
    }));

  return (
    <Group align="flex-end">
      <SelectField
        label="Add a person"
        placeholder={known.loading ? 'Loading people...' : 'Choose a person'}
        options={candidates}
        value={personId}
        onChange={setPersonId}
        flex={1}
      />
      <Button disabled={!personId} loading={add.isPending} onClick={() => personId && add.mutate(personId)}>
        Add
      </Button>
    </Group>
  );
}
