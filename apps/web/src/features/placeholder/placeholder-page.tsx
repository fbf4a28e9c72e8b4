import { IconTools } from '@tabler/icons-react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useStudioRoute } from '../../ui/studio-route.ts';
import { areaDescriptions, genericDescription } from './area-descriptions.ts';

/** A page of an area not built yet: what it will hold, and nothing invented. */
export function PlaceholderPage({ inWorkspace = false }: { inWorkspace?: boolean }) {
  const title = useStudioRoute()?.title ?? '';
  const empty = (
    <EmptyState
      title={inWorkspace ? title : 'Not set up yet'}
      message={areaDescriptions[title] ?? genericDescription(title)}
      icon={<IconTools size={26} aria-hidden />}
    />
  );
  if (inWorkspace) return empty;
  return (
    <>
      <PageHeader title={title} description="This area is not built yet." />
      {empty}
    </>
  );
}

/** The same inside an event, template or series workspace, under its header. */
export function WorkspacePlaceholderPage() {
  return <PlaceholderPage inWorkspace />;
}
