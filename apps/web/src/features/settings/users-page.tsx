import { Badge, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { USERS_PAGE_SIZE, type OrganizationUser, SEARCH_INPUT_DEBOUNCE_MS } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccess } from '../../session/use-access.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { SettingsFrame, useMember } from './settings-frame.tsx';
import { usersQuery } from './users-api.ts';
import {
  EditUserDialog,
  InviteUserDialog,
  RemoveUserDialog,
  useOrganizationRoleOptions,
} from './users-dialogs.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { RowActions } from '../../ui/row-menu.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';

/** Search waits for typing to pause this long. */
const NO_ROLE = 'none';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: OrganizationUser }
  | { kind: 'remove'; user: OrganizationUser }
  | null;

const fullName = (user: OrganizationUser) => `${user.first_name} ${user.last_name}`.trim();

/**
 * Settings → Users: the organisation's people (those the member sees: everyone, or the members
 * of their own teams), paged on the server 20 at a time, searchable and filtered by role. Those
 * who manage users invite, edit (role, teams) and remove them.
 */
export function UsersPage() {
  const { user: me, organizationId } = useMember();
  const access = useAccess(organizationId);
  const canManage = access.can('user:manage');
  const workspacesEnabled = access.organization.is_workspace_enabled;
  const roles = useOrganizationRoleOptions(organizationId);
  const narrow = useNarrowScreen();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_INPUT_DEBOUNCE_MS);
  const [role, setRole] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useQuery(usersQuery({ organizationId, search: debouncedSearch, role: role ?? '', page }));
  const close = () => setDialog(null);
  const filtered = Boolean(debouncedSearch.trim() || role);

  return (
    <SettingsFrame
      title="Users"
      actions={canManage && <Button onClick={() => setDialog({ kind: 'invite' })}>Invite user</Button>}
    >
      {/* A phone stacks the search and the role, each across the width (side by side the search was 136 px, "Search by nam"). */}
      <Group align="flex-end" wrap={narrow ? 'wrap' : undefined}>
        <TextInput
          label="Search users"
          placeholder="Search by name or email..."
          value={search}
          flex={narrow ? undefined : 1}
          w={narrow ? '100%' : undefined}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Role"
          w={narrow ? '100%' : undefined}
          placeholder="All roles"
          clearable
          options={[...roles.options, { value: NO_ROLE, label: 'No role' }]}
          value={role}
          onChange={(value) => {
            setRole(value);
            setPage(1);
          }}
        />
      </Group>
      {users.isPending && <Loader aria-label="Loading" />}
      <ErrorAlert error={users.error} />
      {users.data?.count === 0 && (
        <Text c="dimmed">
          {debouncedSearch.trim()
            ? `No users found matching "${debouncedSearch.trim()}"`
            : filtered
              ? 'No users with this role.'
              : 'No users yet.'}
        </Text>
      )}
      {users.data && users.data.count > 0 && (
        <ListTable
          striped
          label="Users"
          columns={[
            'Name',
            { header: 'Email', visibleFrom: 'md' },
            { header: 'Role', visibleFrom: 'sm' },
            workspacesEnabled && { header: 'Teams', visibleFrom: 'lg' },
            { header: 'Status', visibleFrom: 'sm' },
            canManage && ACTIONS_COLUMN,
          ]}
        >
          {users.data.results.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm">{fullName(person) || '—'}</Text>
                    {person.title && (
                      <Text size="xs" c="dimmed">
                        {person.title}
                      </Text>
                    )}
                  </Stack>
                  {person.id === me.id && (
                    <Badge size="xs" miw="max-content">
                      You
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{person.email}</Table.Td>
              <Table.Td>{person.role_display ?? 'Member'}</Table.Td>
              {workspacesEnabled && (
                <Table.Td>{person.workspaces.map((team) => team.name).join(', ') || '—'}</Table.Td>
              )}
              <Table.Td>
                {/* The badges keep their whole word in a narrow column (not "Invit…"). */}
                {person.member_status === 'INVITED' ? (
                  <Badge color="yellow" size="sm" variant="light" miw="max-content">
                    Invited
                  </Badge>
                ) : (
                  <Badge color="teal" size="sm" variant="light" miw="max-content">
                    Active
                  </Badge>
                )}
              </Table.Td>
              {canManage && (
                <Table.Td>
                  <RowActions
                    label={`More actions for ${person.email}`}
                    actions={[
                      ...(person.id !== me.id || workspacesEnabled
                        ? [{ label: 'Edit', onClick: () => setDialog({ kind: 'edit', user: person }) }]
                        : []),
                      ...(person.id !== me.id
                        ? [
                            {
                              label: 'Remove',
                              danger: true,
                              onClick: () => setDialog({ kind: 'remove', user: person }),
                            },
                          ]
                        : []),
                    ]}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {users.data && (
        <ListPagination total={users.data.count} pageSize={USERS_PAGE_SIZE} page={page} onChange={setPage} />
      )}
      {dialog?.kind === 'invite' && (
        <InviteUserDialog
          organizationId={organizationId}
          workspacesEnabled={workspacesEnabled}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          organizationId={organizationId}
          isMe={dialog.user.id === me.id}
          workspacesEnabled={workspacesEnabled}
          onClose={close}
        />
      )}
      {dialog?.kind === 'remove' && <RemoveUserDialog user={dialog.user} onClose={close} />}
    </SettingsFrame>
  );
}
