import { documentTitle, paths } from '@studio/domain';
import { Outlet, rootRouteId, useRouteContext, type ErrorComponentProps } from '@tanstack/react-router';
import { failureMessage } from '../api/api-error.ts';
import { FullPageLoader, FullPageMessage } from '../ui/full-page-message.tsx';
import { useStudioRoute } from '../ui/studio-route.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';

export function RootLayout() {
  const pageTitle = useStudioRoute()?.title;
  const organizationName = useRouteContext({
    from: rootRouteId,
    select: (context) => context.session?.organization?.name ?? null,
  });
  useDocumentTitle(pageTitle && documentTitle(pageTitle, organizationName, import.meta.env.DEV));
  return <Outlet />;
}

export function RouteErrorPage({ error }: ErrorComponentProps) {
  return (
    <FullPageMessage
      title="Error"
      message={failureMessage(error)}
      exit={{ href: paths.orgHome, label: 'Go to home' }}
    />
  );
}

export function RoutePending() {
  return <FullPageLoader label="Loading" />;
}
