import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { CreateEventAction } from './create-event-action.tsx';

/** The home with the studio's create-event action (app/ composes features). */
export function HomeRoute() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  return (
    <HomePage
      createEvent={
        <CreateEventAction
          organizationId={organizationId}
          workspacesEnabled={organization.is_workspace_enabled}
        />
      }
    />
  );
}
