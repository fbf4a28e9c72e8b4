import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { PageHeader } from '../../ui/page-header.tsx';

/** OrgHome. The guard lets only members of an organisation in. */
export function HomePage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return user.organization ? (
    <OrganizationWelcome
      organizationId={user.organization}
      userName={`${user.first_name} ${user.last_name}`}
    />
  ) : null;
}

function OrganizationWelcome({ organizationId, userName }: { organizationId: string; userName: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  return (
    <>
      <PageHeader title={organization.name} />
      <Text>Welcome, {userName}.</Text>
    </>
  );
}
