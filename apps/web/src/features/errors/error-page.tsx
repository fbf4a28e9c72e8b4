import { messages, paths } from '@studio/domain';
import { FullPageMessage } from '../../ui/full-page-message.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';

const home = { href: paths.orgHome, label: 'Go to home' };

/** The error page; `code=404` is where unknown paths land. */
export function ErrorPage() {
  const code = useSearchParam('code');
  return code === '404' ? (
    <FullPageMessage title="404" message="This page does not exist." exit={home} />
  ) : (
    <FullPageMessage title={code ?? 'Error'} message={messages.somethingWentWrong} exit={home} />
  );
}
