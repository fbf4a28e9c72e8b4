import { Alert, Button, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Workspace, SEARCH_INPUT_DEBOUNCE_MS } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccess } from '../../session/use-access.ts';
import { formatDate } from '../../ui/formats.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { SettingsFrame, useMember } from './settings-frame.tsx';
import { TEAMS_PAGE_SIZE, teamsQuery } from './teams-api.ts';
import { DeleteTeamDialog, TeamNameDialog } from './team-dialogs.tsx';
import { TeamMembersDialog } from './team-members-dialog.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { RowActions } from '../../ui/row-menu.tsx';

/** Search waits for typing to pause this long. */

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; team: Workspace }
  | { kind: 'delete'; team: Workspace }
  | { kind: 'members'; team: Workspace }
  | null;

/** Settings → Teams: the organisation's workspaces, searchable and paged; admins manage them. */
export function TeamsPage() {
  const { user, organizationId } = useMember();
  const access = useAccess(organizationId);
  const canManage = access.can('workspace:manage');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_INPUT_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const teams = useQuery(teamsQuery({ organizationId, search: debouncedSearch, page }));
  const close = () => setDialog(null);

  return (
    <SettingsFrame
      title="Teams"
      actions={canManage && <Button onClick={() => setDialog({ kind: 'create' })}>Create team</Button>}
    >
      {!access.organization.is_workspace_enabled && (
        <Alert color="blue">
          Teams are turned off for your organization: turn on Teams (workspaces) in the organization settings.
        </Alert>
      )}
      <TextInput
        label="Search teams"
        placeholder="Search by name..."
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      {teams.isPending && <Loader aria-label="Loading" />}
      <ErrorAlert error={teams.error} />
      {teams.data && teams.data.count === 0 && (
        <Text c="dimmed">
          {debouncedSearch.trim() ? `No teams found matching "${debouncedSearch.trim()}"` : 'No teams yet.'}
        </Text>
      )}
      {teams.data && teams.data.count > 0 && (
        <ListTable
          striped
          label="Teams"
          columns={[
            'Name',
            { header: 'Members', visibleFrom: 'sm' },
            { header: 'Created', visibleFrom: 'md' },
            ACTIONS_COLUMN,
          ]}
        >
          {teams.data.results.map((team) => (
            <Table.Tr key={team.id}>
              <Table.Td>{team.name}</Table.Td>
              <Table.Td>{team.members_count}</Table.Td>
              <Table.Td>{formatDate(team.created_at)}</Table.Td>
              <Table.Td>
                <RowActions
                  label={`More actions for ${team.name}`}
                  actions={[
                    { label: 'Members', onClick: () => setDialog({ kind: 'members', team }) },
                    ...(canManage
                      ? [
                          { label: 'Rename', onClick: () => setDialog({ kind: 'rename', team }) },
                          {
                            label: 'Delete',
                            danger: true,
                            onClick: () => setDialog({ kind: 'delete', team }),
                          },
                        ]
                      : []),
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {teams.data && (
        <ListPagination total={teams.data.count} pageSize={TEAMS_PAGE_SIZE} page={page} onChange={setPage} />
      )}
      <Stack>
        {dialog?.kind === 'create' && <TeamNameDialog onClose={close} />}
        {dialog?.kind === 'rename' && <TeamNameDialog team={dialog.team} onClose={close} />}
        {dialog?.kind === 'delete' && <DeleteTeamDialog team={dialog.team} onClose={close} />}
        {dialog?.kind === 'members' && (
          <TeamMembersDialog
            team={dialog.team}
            me={user}
            organizationId={organizationId}
            canManage={canManage}
            onClose={close}
          />
        )}
      </Stack>
    </SettingsFrame>
  );
}
