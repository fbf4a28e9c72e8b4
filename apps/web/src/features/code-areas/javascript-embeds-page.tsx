import { Badge, Stack, Table, Text } from '@mantine/core';
import {
  CODE_AREA_TITLES,
  codeAreaMessages,
  javascriptEmbedsMessages,
  PAGE_CODE_AREAS,
  type PageCodeAreas,
} from '@studio/domain';
import type { ReactNode } from 'react';
import { NotFound } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCodeAreas } from './code-areas-api.ts';
import { PageCodeAreaEditor } from './page-code-area-editor.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

const LIST_PATH = '/integrations/javascript-embeds';
/** An instance is one of the organisation's code areas, named by its API name (`head`, `form_submission` …). */
const instancePath = (area: string) => `${LIST_PATH}/${area}`;

interface JavascriptEmbedsAccess {
  organizationId: string;
  /** 001 §2.3: team admins do not see the code when workspaces are enabled (`javascriptEmbedsHidden`). */
  hidden: boolean;
}

/** /integrations/javascript-embeds: each of the organisation's hub-page code areas, with whether it has code. */
export function JavascriptEmbedsPage({ organizationId, hidden }: JavascriptEmbedsAccess) {
  return (
    <>
      <PageHeader
        title={javascriptEmbedsMessages.title}
        description={javascriptEmbedsMessages.help(PAGE_CODE_AREAS.map((area) => CODE_AREA_TITLES[area]))}
      />
      {hidden ? (
        <Text c="dimmed">{javascriptEmbedsMessages.hidden}</Text>
      ) : (
        <OrganizationCodeAreas organizationId={organizationId}>
          {(areas) => <InstanceList areas={areas} />}
        </OrganizationCodeAreas>
      )}
    </>
  );
}

function InstanceList({ areas }: { areas: PageCodeAreas }) {
  return (
    <ListTable
      withTableBorder
      label={javascriptEmbedsMessages.title}
      columns={[javascriptEmbedsMessages.instanceColumn, javascriptEmbedsMessages.codeColumn]}
    >
      {PAGE_CODE_AREAS.map((area) => {
        const hasCode = areas[area].trim() !== '';
        return (
          <Table.Tr key={area}>
            <Table.Td>
              <HrefLink href={instancePath(area)}>{CODE_AREA_TITLES[area]}</HrefLink>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={hasCode ? 'green' : 'gray'}>
                {hasCode ? javascriptEmbedsMessages.hasCode : javascriptEmbedsMessages.noCode}
              </Badge>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

/** /integrations/javascript-embeds/{instanceID}: one code area of the organisation in its editor. */
export function JavascriptEmbedPage({
  organizationId,
  hidden,
  instanceId,
}: JavascriptEmbedsAccess & { instanceId: string }) {
  const area = PAGE_CODE_AREAS.find((known) => known === instanceId);
  if (!area)
    return (
      <NotFound
        title={javascriptEmbedsMessages.notFoundTitle}
        message={javascriptEmbedsMessages.notFound}
        back={{ href: LIST_PATH, label: javascriptEmbedsMessages.back }}
      />
    );
  const title = CODE_AREA_TITLES[area];
  const owner = { kind: 'organization', id: organizationId } as const;
  return (
    <Stack gap="sm">
      <HrefLink href={LIST_PATH} size="sm">
        {javascriptEmbedsMessages.back}
      </HrefLink>
      <PageHeader
        title={title}
        badges={<Badge variant="outline">{javascriptEmbedsMessages.instanceBadge}</Badge>}
        description={javascriptEmbedsMessages.instanceHelp(title)}
      />
      {hidden ? (
        <Text c="dimmed">{javascriptEmbedsMessages.hidden}</Text>
      ) : (
        <OrganizationCodeAreas organizationId={organizationId}>
          {(areas) => <PageCodeAreaEditor owner={owner} area={area} code={areas[area]} />}
        </OrganizationCodeAreas>
      )}
    </Stack>
  );
}

/** The organisation's code areas once loaded; a loader until then, an alert when they cannot be. */
function OrganizationCodeAreas({
  organizationId,
  children,
}: {
  organizationId: string;
  children: (areas: PageCodeAreas) => ReactNode;
}) {
  const areas = useCodeAreas({ kind: 'organization', id: organizationId });
  if (areas.isError) return <ErrorAlert>{codeAreaMessages.loadFailed}</ErrorAlert>;
  if (!areas.data) return <Loading label={codeAreaMessages.loading} />;
  return children(areas.data);
}
