import { Alert, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { messages } from '@studio/domain';
import { SettingsFrame, useMember } from './settings-frame.tsx';
import { useKnownPeople } from './known-people.ts';
import { roleLabel } from './role-label.ts';

/**
 * Settings → Users: the people of the organisation the API can list today — the signed-in member
 * and the members of the teams they see.
 */
export function UsersPage() {
  const { user, organizationId } = useMember();
  const known = useKnownPeople(user, organizationId);
  return (
    <SettingsFrame title="Users">
      <Text size="sm" c="dimmed">
        You and the members of your organization&apos;s teams.
      </Text>
      {known.failed && (
        <Alert color="red" role="alert">
          {messages.somethingWentWrong}
        </Alert>
      )}
      <Table striped aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Teams</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {known.people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                <Group gap="xs">
                  {person.first_name} {person.last_name}
                  {person.id === user.id && <Badge size="xs">You</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>{person.email}</Table.Td>
              <Table.Td>{roleLabel(person.role)}</Table.Td>
              <Table.Td>{person.teams.map((team) => team.name).join(', ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {known.loading && <Loader size="sm" aria-label="Loading" />}
    </SettingsFrame>
  );
}
