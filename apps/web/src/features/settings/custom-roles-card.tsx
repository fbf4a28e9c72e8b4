import { Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { permissionLabel, type CustomRoleGroup, type Role } from '@studio/domain';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons.tsx';
import { EmptyList, Loading } from '../../ui/list-states.tsx';
import { CustomRoleDialog } from './custom-role-dialog.tsx';
import { useDeleteCustomRole } from './custom-roles-api.ts';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: Role } | null;

/**
 * Settings → Permissions, with custom roles on (`isCustomRolesEnabled` / `isCustomSpeakerRolesEnabled`):
 * the organisation's own speaker and staff roles; organisation admins (`canManage`) create, edit
 * and delete them.
 */
export function CustomRolesCard({
  roles,
  groups,
  pending,
  canManage,
}: {
  /** The organisation's custom roles (once loaded). */
  roles: readonly Role[];
  /** The groups its switches turn on. */
  groups: readonly CustomRoleGroup[];
  pending: boolean;
  canManage: boolean;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const remove = useDeleteCustomRole(() => setDeleting(null));
  const create = canManage && (
    <AddButton onClick={() => setDialog({ kind: 'create' })}>Create role</AddButton>
  );

  return (
    <Card withBorder component="section" aria-label="Custom roles">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Custom roles
        </Title>
        {roles.length > 0 && create}
      </Group>
      {pending && <Loading label="Loading custom roles" />}
      {!pending && roles.length === 0 && (
        <>
          <EmptyList
            title="No custom roles yet."
            hint="A custom role gives speakers or staff exactly the permissions you choose in your events."
          />
          {create && <Group justify="center">{create}</Group>}
        </>
      )}
      {!pending && roles.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Group</Table.Th>
              <Table.Th>Permissions</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.map((role) => (
              <Table.Tr key={role.id}>
                <Table.Td>{role.display_name}</Table.Td>
                <Table.Td>{role.role_group}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {role.permission_list.map(permissionLabel).join(', ')}
                  </Text>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <EditDeleteButtons
                        editLabel={`Edit ${role.display_name}`}
                        onEdit={() => setDialog({ kind: 'edit', role })}
                        deleteLabel={`Delete ${role.display_name}`}
                        onDelete={() => setDeleting(role)}
                      />
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog && (
        <CustomRoleDialog
          role={dialog.kind === 'edit' ? dialog.role : undefined}
          groups={groups}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDeleteDialog
        target={deleting}
        message={`The role ${deleting?.display_name ?? ''} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
