import { javascriptEmbedsHidden } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../api/identity.ts';
import { JavascriptEmbedPage, JavascriptEmbedsPage } from '../features/code-areas/javascript-embeds-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useOrganization } from './event-with-organization.tsx';
import { Loading } from '../ui/list-states.tsx';

/** The caller's organisation, and whether its JavaScript embeds are hidden from them (001 §2.3); undefined while loading. */
function useJavascriptEmbedsAccess() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organization = useOrganization();
  return (
    organization && {
      organizationId: organization.id,
      hidden: javascriptEmbedsHidden(user.role, organization.is_workspace_enabled),
    }
  );
}

const loading = <Loading label="Loading" />;

/** /integrations/javascript-embeds: hidden for team admins when workspaces are enabled (001 §2.3). */
export function JavascriptEmbedsRoute() {
  const access = useJavascriptEmbedsAccess();
  return access ? <JavascriptEmbedsPage {...access} /> : loading;
}

/** /integrations/javascript-embeds/$instanceID: one code area, hidden as the list is. */
export function JavascriptEmbedRoute() {
  const access = useJavascriptEmbedsAccess();
  const instanceId = useRouteParam('instanceID');
  return access ? <JavascriptEmbedPage {...access} instanceId={instanceId} /> : loading;
}
