import { Alert, Stack, Text } from '@mantine/core';
import { accessMessages, permissionLabel, type Permission } from '@studio/domain';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSignedInOrganization } from '../api/identity.ts';
import { useAccess } from '../session/use-access.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Loading } from './list-states.tsx';

/** "Edit branding", or "Edit branding or Create events": the rights' labels as Settings › Permissions shows them. */
const rightsLabel = (anyOf: readonly Permission[]) =>
  anyOf.map((permission) => `"${permissionLabel(permission)}"`).join(' or ');

/**
 * A page or a part of one the member may not use: which right it needs, in the words of Settings ›
 * Permissions, and who can give it — instead of a failed request's "try again".
 */
export function NoAccess({ anyOf, what = 'this page' }: { anyOf: readonly Permission[]; what?: string }) {
  return (
    <Alert
      color="yellow"
      role="status"
      title="You don't have access"
      icon={<IconLock size={18} aria-hidden />}
    >
      <Stack gap={4}>
        <Text size="sm">
          You need the {rightsLabel(anyOf)} right to use {what}.
        </Text>
        <Text size="sm">Ask an admin of your organization to give your role this right.</Text>
      </Stack>
    </Alert>
  );
}

/**
 * Shows `children` only to a member holding one of `anyOf` (the right the page's server routes
 * demand), so they make no request the server would refuse; a spinner until the member's rights
 * are known, and otherwise the plain no-access state.
 */
export function AccessGate({
  anyOf,
  what,
  children,
}: {
  anyOf: readonly Permission[];
  what?: string;
  children: ReactNode;
}) {
  const { organizationId } = useSignedInOrganization();
  const access = useAccess(organizationId);
  if (access.permissionsFailed) return <ErrorAlert>{accessMessages.permissionsFetchFailed}</ErrorAlert>;
  if (!access.permissionsLoaded) return <Loading label="Loading" />;
  if (!anyOf.some((permission) => access.can(permission)))
    return <NoAccess anyOf={anyOf} {...(what === undefined ? {} : { what })} />;
  return children;
}
