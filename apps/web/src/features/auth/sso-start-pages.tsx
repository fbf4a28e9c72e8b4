import { useRouteParam } from '../../ui/use-route-param.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { SsoAutoStart, SsoPage } from './sso-page.tsx';

/** /auth/org/{orgId}: the organisation's own sign-in address; goes straight to its provider. */
export function OrganizationLoginPage() {
  const orgId = useRouteParam('orgId');
  return <SsoAutoStart start={{ organization: orgId }} />;
}

/**
 * /auth/oktalogin: started from the provider's dashboard with `?organization=` (or `?email=`);
 * without either it asks for the email like /auth/sso.
 */
export function OktaLoginPage() {
  const organization = useSearchParam('organization');
  const email = useSearchParam('email');
  if (organization) return <SsoAutoStart start={{ organization }} />;
  if (email) return <SsoAutoStart start={{ email }} />;
  return <SsoPage />;
}
