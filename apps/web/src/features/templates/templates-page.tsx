import { eventOptionsQuery } from '../../api/entity-options.ts';
import { Button, Group, Stack, Table } from '@mantine/core';
import {
  copyName,
  eventMessages,
  NEW_TEMPLATE_TITLE,
  TEMPLATE_TITLE_MAX_LENGTH,
  TEMPLATE_ORDERINGS,
  TEMPLATES_PAGE_SIZE,
  type StudioTemplate,
  templateHref,
  type TemplateOrdering,
  templateListAddressSchema,
  type TemplateListAddress,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useWorkspaceChoices } from '../../api/entity-options.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { pageQuery, useListPage } from '../../ui/list-page.ts';
import { labelledOptions, ListToolbar, sortChoice } from '../../ui/list-toolbar.tsx';
import { ServerListTable } from '../../ui/server-list.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate, teamNameOf } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { CreateEventFromTemplateDialog, TemplateDetailsDialog } from './template-dialogs.tsx';
import {
  useCreateTemplate,
  useCreateTemplateFromEvent,
  useDeleteTemplate,
  useDuplicateTemplate,
  useRenameTemplate,
  useTemplateList,
} from './templates-api.ts';
import { ACTIONS_COLUMN } from '../../ui/list-table.tsx';
import { RowMenu } from '../../ui/row-menu.tsx';

export function templateListParams(state: TemplateListAddress, organizationId: string): URLSearchParams {
  return pageQuery(state.page, TEMPLATES_PAGE_SIZE, {
    organization: organizationId,
    ordering: state.sort,
    search: state.search.trim() || undefined,
    workspace: state.scope === 'mine' && 'mine',
  });
}

const SORT_LABELS: Record<TemplateOrdering, string> = {
  '-created_at': 'Created (newest first)',
  created_at: 'Created (oldest first)',
  title: 'Title (A–Z)',
  '-title': 'Title (Z–A)',
};

type Dialog =
  | { kind: 'create' }
  | { kind: 'fromEvent' }
  | { kind: 'duplicate' | 'rename' | 'delete' | 'createEvent'; template: StudioTemplate }
  | null;

/** /templates: the organisation's event templates (spec 001 §2.5, §7 "Templates"). */
export function TemplatesPage() {
  const { organizationId, organization } = useSignedInOrganization();
  const workspacesEnabled = organization.is_workspace_enabled;
  const page = useListPage('/templates', templateListAddressSchema);
  const list = useTemplateList(templateListParams(page.state, organizationId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const sourceEvents = useQuery({
    ...eventOptionsQuery(organizationId),
    enabled: dialog?.kind === 'fromEvent',
  });
  const workspaceOptions = useWorkspaceChoices(organizationId, workspacesEnabled);

  const navigate = useNavigate();
  const close = () => setDialog(null);
  // A new template opens on its dashboard, where it is set up.
  const open = (template: StudioTemplate) => navigate({ href: templateHref(template.id) });
  const create = useCreateTemplate(open);
  const createFromEvent = useCreateTemplateFromEvent(open);
  const duplicate = useDuplicateTemplate(close);
  const rename = useRenameTemplate(close);
  const remove = useDeleteTemplate(close);

  return (
    <Stack>
      <PageHeader
        title="Templates"
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setDialog({ kind: 'fromEvent' })}>
              Create from Event
            </Button>
            <Button onClick={() => setDialog({ kind: 'create' })}>Create Template</Button>
          </Group>
        }
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Search by title"
        choices={[
          workspacesEnabled && {
            key: 'scope',
            label: 'Workspace',
            width: 200,
            options: labelledOptions({ all: 'All', mine: 'My team workspaces' }),
          },
          sortChoice(210, labelledOptions(SORT_LABELS, TEMPLATE_ORDERINGS)),
        ]}
      />
      <ServerListTable
        list={list}
        listPage={page}
        pageSize={TEMPLATES_PAGE_SIZE}
        failure={eventMessages.errorLoadingTemplates}
        label="Templates"
        startHint="Create a template, or save an event as one, to start new events from it."
        columns={['Title', 'Event type', workspacesEnabled && 'Workspace', 'Created', ACTIONS_COLUMN]}
      >
        {(template) => (
          <Table.Tr key={template.id} className="studio-template-row">
            <Table.Td>
              <HrefLink href={templateHref(template.id)}>{template.title}</HrefLink>
            </Table.Td>
            <Table.Td>{template.settings.event_type}</Table.Td>
            {workspacesEnabled && <Table.Td>{teamNameOf(template.workspace?.name)}</Table.Td>}
            <Table.Td>{formatDate(template.created_at)}</Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end">
                <Button size="xs" onClick={() => setDialog({ kind: 'createEvent', template })}>
                  Create Event
                </Button>
                <RowMenu
                  label={`More actions for ${template.title}`}
                  items={[
                    { label: 'Rename', onClick: () => setDialog({ kind: 'rename', template }) },
                    { label: 'Duplicate', onClick: () => setDialog({ kind: 'duplicate', template }) },
                    {
                      label: 'Delete',
                      danger: true,
                      onClick: () => setDialog({ kind: 'delete', template }),
                    },
                  ]}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </ServerListTable>

      {dialog?.kind === 'create' && (
        <TemplateDetailsDialog
          title="Create Template"
          submitLabel="Create"
          initialTitle={NEW_TEMPLATE_TITLE}
          withEventType
          workspaceOptions={workspaceOptions}
          pending={create.isPending}
          onClose={close}
          onSubmit={({ title, workspace, eventType }) =>
            create.mutate({
              title,
              organization: organizationId,
              ...(workspacesEnabled && { workspace }),
              settings: { event_type: eventType ?? 'Conference' },
            })
          }
        />
      )}
      {dialog?.kind === 'fromEvent' && (
        <TemplateDetailsDialog
          title="Create Template from Event"
          submitLabel="Create"
          eventOptions={sourceEvents.data ?? []}
          workspaceOptions={workspaceOptions}
          pending={createFromEvent.isPending}
          onClose={close}
          onSubmit={({ title, workspace, event }) =>
            createFromEvent.mutate({ event: event ?? '', title, ...(workspacesEnabled && { workspace }) })
          }
        />
      )}
      {dialog?.kind === 'duplicate' && (
        <TemplateDetailsDialog
          title="Duplicate Template"
          submitLabel="Duplicate"
          initialTitle={copyName(dialog.template.title, TEMPLATE_TITLE_MAX_LENGTH)}
          workspaceOptions={workspaceOptions}
          pending={duplicate.isPending}
          onClose={close}
          onSubmit={({ title, workspace }) =>
            duplicate.mutate({
              id: dialog.template.id,
              body: { title, ...(workspacesEnabled && { workspace }) },
            })
          }
        />
      )}
      {dialog?.kind === 'rename' && (
        <TemplateDetailsDialog
          title="Rename Template"
          submitLabel="Save"
          initialTitle={dialog.template.title}
          workspaceOptions={null}
          pending={rename.isPending}
          onClose={close}
          onSubmit={({ title }) => rename.mutate({ id: dialog.template.id, title })}
        />
      )}
      {dialog?.kind === 'createEvent' && (
        <CreateEventFromTemplateDialog
          template={dialog.template}
          workspaceOptions={workspaceOptions}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        message={dialog?.kind === 'delete' ? `The template ${dialog.template.title} will be deleted.` : ''}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.template.id)}
      />
    </Stack>
  );
}
