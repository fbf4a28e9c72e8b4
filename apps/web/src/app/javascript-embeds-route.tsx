import { Center, Loader } from '@mantine/core';
import { javascriptEmbedsHidden } from '@studio/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { JavascriptEmbedsPage } from '../features/code-areas/javascript-embeds-page.tsx';

/** /integrations/javascript-embeds: hidden for team admins when workspaces are enabled (001 §2.3). */
export function JavascriptEmbedsRoute() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const organization = useQuery({ ...organizationQuery(organizationId), enabled: organizationId !== '' });
  if (!organization.data)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  return (
    <JavascriptEmbedsPage
      organizationId={organizationId}
      hidden={javascriptEmbedsHidden(user.role, organization.data.is_workspace_enabled)}
    />
  );
}
