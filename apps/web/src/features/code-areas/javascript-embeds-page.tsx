import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import {
  CODE_AREA_TITLES,
  codeAreaMessages,
  javascriptEmbedsMessages,
  PAGE_CODE_AREAS,
} from '@studio/domain';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCodeAreas } from './code-areas-api.ts';
import { PageCodeAreaEditor } from './tracking-pixels-page.tsx';

interface JavascriptEmbedsPageProps {
  organizationId: string;
  /** 001 §2.3: team admins do not see the editors when workspaces are enabled (`javascriptEmbedsHidden`). */
  hidden: boolean;
}

/** /integrations/javascript-embeds: the organisation's Head, Body and hooks on every hub page. */
export function JavascriptEmbedsPage({ organizationId, hidden }: JavascriptEmbedsPageProps) {
  const header = (
    <PageHeader
      title={javascriptEmbedsMessages.title}
      description={javascriptEmbedsMessages.help(PAGE_CODE_AREAS.map((area) => CODE_AREA_TITLES[area]))}
    />
  );
  if (hidden)
    return (
      <>
        {header}
        <Text c="dimmed">{javascriptEmbedsMessages.hidden}</Text>
      </>
    );
  return (
    <>
      {header}
      <JavascriptEmbedsEditors organizationId={organizationId} />
    </>
  );
}

function JavascriptEmbedsEditors({ organizationId }: { organizationId: string }) {
  const owner = { kind: 'organization', id: organizationId } as const;
  const areas = useCodeAreas(owner);
  if (areas.isError)
    return (
      <Alert color="red" role="alert">
        {codeAreaMessages.loadFailed}
      </Alert>
    );
  if (!areas.data)
    return (
      <Center py="xl">
        <Loader aria-label={codeAreaMessages.loading} />
      </Center>
    );
  return (
    <Stack>
      {PAGE_CODE_AREAS.map((area) => (
        <PageCodeAreaEditor key={area} owner={owner} area={area} code={areas.data[area]} />
      ))}
    </Stack>
  );
}
