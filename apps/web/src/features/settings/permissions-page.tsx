import { Badge, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import {
  ROLE_REALMS,
  accessMessages,
  customRoleGroupsOf,
  permissionLabel,
  type RoleRealm,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useAccess } from '../../session/use-access.ts';
import { useFailureToast } from '../../ui/toast.ts';
import { rolesByRealm, rolesQuery } from './organization-api.ts';
import { roleLabel } from './role-label.ts';
import { SettingsCard, SettingsFrame, useMember } from './settings-frame.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { CustomRolesCard } from './custom-roles-card.tsx';

const realmLabels: Record<RoleRealm, string> = {
  studio_app: 'Studio',
  event_app: 'Events (staff)',
  content_lab: 'Content Lab',
};

/**
 * Settings → Permissions: the roles of the organisation by realm with what each lets people do, its
 * custom roles when they are on (organisation admins manage them), and what the signed-in member may
 * do — in words, never the roles' or permissions' codes.
 */
export function PermissionsPage() {
  const { user, organizationId } = useMember();
  const access = useAccess(organizationId);
  const roles = useQuery(rolesQuery(organizationId));
  useFailureToast(roles.isError, accessMessages.rolesFetchFailed);
  const builtIn = (roles.data ?? []).filter((role) => !role.is_custom);
  const custom = (roles.data ?? []).filter((role) => role.is_custom);
  const grouped = rolesByRealm(builtIn);
  // The server lists custom roles only of the groups the organisation's switches turn on.
  const customGroups = customRoleGroupsOf(access.organization.feature_flags);
  const canManage = access.can('user:manage');

  return (
    <SettingsFrame title="Permissions">
      <SettingsCard title="Your permissions" gap="xs">
        <Text>Role: {roleLabel(user.role)}</Text>
        {!access.permissionsLoaded && <Loader size="sm" aria-label="Loading" />}
        {access.permissionsLoaded && access.permissionList.length === 0 && (
          <Text c="dimmed">Your role grants no permissions in this organization.</Text>
        )}
        <Group gap="xs">
          {access.permissionList.map((permission) => (
            <Badge key={permission} variant="light">
              {permissionLabel(permission)}
            </Badge>
          ))}
        </Group>
      </SettingsCard>
      {roles.isPending && <Loader aria-label="Loading" />}
      {roles.isError && <ErrorAlert>{accessMessages.rolesFetchFailed}</ErrorAlert>}
      {customGroups.length > 0 && !roles.isError && (canManage || custom.length > 0) && (
        <CustomRolesCard
          roles={custom}
          groups={customGroups}
          pending={roles.isPending}
          canManage={canManage}
        />
      )}
      {ROLE_REALMS.filter((realm) => grouped.has(realm)).map((realm) => (
        <Card withBorder component="section" key={realm} aria-label={realmLabels[realm]}>
          <Title order={2} size="h4" mb="xs">
            {realmLabels[realm]}
          </Title>
          <Table>
            <Table.Tbody>
              {(grouped.get(realm) ?? []).map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>{role.display_name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {role.permission_list.map(permissionLabel).join(', ') || 'No permissions'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </SettingsFrame>
  );
}
