import { Button, Stack, Table } from '@mantine/core';
import {
  createHubPageRequestSchema,
  eventMessages,
  HUB_PAGE_NAME_MAX_LENGTH,
  HUB_PAGE_ORDERINGS,
  HUB_PAGE_SCOPES,
  HUB_PAGES_PAGE_SIZE,
  hubPageScopeQuery,
  PLAN_FEATURE_OF,
  type HubPage,
  type HubPageOrdering,
  type HubPageScope,
  hubPageListAddressSchema,
  paths,
  type HubPageListAddress,
} from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useWorkspaceChoices } from '../../api/entity-options.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { pageQuery, useListPage } from '../../ui/list-page.ts';
import { labelledOptions, ListToolbar, sortChoice } from '../../ui/list-toolbar.tsx';
import { ServerListTable } from '../../ui/server-list.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate, teamNameOf } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { WorkspaceField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import {
  hubPageBuilderHref,
  hubPageHref,
  OPEN_PAGE_BUILDER,
  useCreateHubPage,
  useDeleteHubPage,
  useDuplicateHubPage,
  useHubPageList,
  useOpenHubPage,
} from './hub-pages-api.ts';
import { ACTIONS_COLUMN } from '../../ui/list-table.tsx';
import { RowMenu } from '../../ui/row-menu.tsx';

export function hubPageListParams(state: HubPageListAddress, organizationId: string): URLSearchParams {
  const isNull = hubPageScopeQuery(state.scope).workspace__isnull;
  return pageQuery(state.page, HUB_PAGES_PAGE_SIZE, {
    organization: organizationId,
    ordering: state.sort,
    workspace__isnull: isNull !== undefined && String(isNull),
    name: state.search.trim() || undefined,
  });
}

const SORT_LABELS: Record<HubPageOrdering, string> = {
  '-created_at': 'Created (newest first)',
  created_at: 'Created (oldest first)',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
};
const SCOPE_LABELS: Record<HubPageScope, string> = {
  all: 'All pages',
  organization: 'Organization pages',
  workspace: 'Workspace pages',
};

/** /pages: event hub pages (spec 001 §7 "Hub pages", 000 §2). */
export function HubPagesPage() {
  const { organizationId, organization } = useSignedInOrganization();
  const allowed = usePlanAllows(organizationId, PLAN_FEATURE_OF.hubPage);
  // Creating and duplicating a page need event:create, deleting event:delete (its server routes).
  const access = useAccess(organizationId);
  const canCreate = access.can('event:create');
  const canDelete = access.can('event:delete');
  const workspacesEnabled = organization.is_workspace_enabled;
  const navigate = useNavigate();
  const page = useListPage(paths.pages, hubPageListAddressSchema);
  const list = useHubPageList(hubPageListParams(page.state, organizationId));
  const workspaceOptions = useWorkspaceChoices(organizationId, workspacesEnabled);
  const [creating, setCreating] = useState(false);
  const form = useStudioForm<{ name: string; workspace: string | null }>(
    createHubPageRequestSchema.pick({ name: true }),
    {
      initialValues: { name: '', workspace: null },
    },
  );
  const [deleting, setDeleting] = useState<HubPage | null>(null);

  const create = useCreateHubPage((page) => {
    setCreating(false);
    void navigate({ href: hubPageHref(page.id) });
  });
  const submitCreate = form.onSubmit(({ name, workspace }) =>
    create.mutate({
      name: name.trim(),
      organization: organizationId,
      ...(workspacesEnabled && { workspace }),
    }),
  );
  const duplicate = useDuplicateHubPage();
  const openPage = useOpenHubPage();
  const remove = useDeleteHubPage(() => setDeleting(null));

  return (
    <Stack>
      <PageHeader
        title="Pages"
        actions={
          canCreate && (
            <Button
              onClick={() => {
                form.setFieldValue('name', '');
                form.clearErrors();
                setCreating(true);
              }}
            >
              Create Page
            </Button>
          )
        }
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Search by name"
        choices={[
          workspacesEnabled && {
            key: 'scope',
            label: 'Show',
            width: 200,
            options: labelledOptions(SCOPE_LABELS, HUB_PAGE_SCOPES),
          },
          sortChoice(210, labelledOptions(SORT_LABELS, HUB_PAGE_ORDERINGS)),
        ]}
      />
      <ServerListTable
        list={list}
        listPage={page}
        pageSize={HUB_PAGES_PAGE_SIZE}
        failure={eventMessages.errorLoadingPages}
        label="Pages"
        startHint="Create a page to show a set of events on one public page."
        columns={['Name', 'Events', workspacesEnabled && 'Workspace', 'Created', ACTIONS_COLUMN]}
      >
        {(page) => (
          <Table.Tr key={page.id} className="studio-hub-page-row">
            <Table.Td>
              <HrefLink href={hubPageHref(page.id)}>{page.name}</HrefLink>
            </Table.Td>
            <Table.Td>{page.events.length}</Table.Td>
            {workspacesEnabled && <Table.Td>{teamNameOf(page.workspace?.name)}</Table.Td>}
            <Table.Td>{formatDate(page.created_at)}</Table.Td>
            <Table.Td>
              <RowMenu
                label={`More actions for ${page.name}`}
                items={[
                  {
                    label: OPEN_PAGE_BUILDER,
                    onClick: () => void navigate({ href: hubPageBuilderHref(page.id) }),
                  },
                  { label: 'View page', onClick: () => openPage(page.id) },
                  ...(canCreate ? [{ label: 'Duplicate', onClick: () => duplicate.mutate(page) }] : []),
                  ...(canDelete ? [{ label: 'Delete', danger: true, onClick: () => setDeleting(page) }] : []),
                ]}
              />
            </Table.Td>
          </Table.Tr>
        )}
      </ServerListTable>
      <StudioDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create Page"
        action={{
          onConfirm: () => submitCreate(),
          label: 'Create',
          pending: create.isPending,
          disabled: !allowed,
        }}
      >
        {!allowed && <FeatureNotEnabled />}
        <TextField
          label="Page name"
          required
          {...fieldProps(form, 'name')}
          maxLength={HUB_PAGE_NAME_MAX_LENGTH}
          data-autofocus
        />
        <WorkspaceField options={workspaceOptions} {...form.getInputProps('workspace')} />
      </StudioDialog>
      <ConfirmDeleteDialog
        target={deleting}
        message={`The page ${deleting?.name ?? ''} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
