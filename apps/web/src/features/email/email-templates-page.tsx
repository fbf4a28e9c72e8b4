import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { AddButton } from '../../ui/add-button.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import {
  EMAIL_TEMPLATE_NAME_MAX,
  emailTemplateMessages,
  emailTypeLabel,
  templateDeletionEffect,
  type EmailTemplateListItem,
} from '@studio/domain';
import { IconCopy, IconMail, IconPencil } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ListSearchInput, ServerListBody } from '../../ui/server-list.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';
import {
  EMAIL_TEMPLATES_PAGE_SIZE,
  emailSchedulesQuery,
  useCreateEmailTemplate,
  useDeleteEmailTemplate,
  useDuplicateEmailTemplate,
  useEmailTemplates,
  type EmailOwner,
} from './email-api.ts';
import { Loading } from '../../ui/list-states.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

// The editor is its own chunk, loaded when a template is opened (?emailTemplateId=).
const TemplateEditorPage = lazy(() =>
  import('./template-editor-page.tsx').then((module) => ({ default: module.TemplateEditorPage })),
);

function NewTemplateDialog({
  owner,
  onClose,
  onCreated,
}: {
  owner: EmailOwner;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateEmailTemplate(owner, (template) => onCreated(template.id));
  const submit = () => {
    if (name.trim()) create.mutate(name.trim());
  };
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="New email template"
      size="small"
      action={{ onConfirm: submit, label: 'Create', pending: create.isPending, disabled: !name.trim() }}
    >
      <TextField
        label="Name"
        data-autofocus
        value={name}
        onChange={setName}
        maxLength={EMAIL_TEMPLATE_NAME_MAX}
      />
    </StudioDialog>
  );
}

function TemplateRows({
  templates,
  owner,
  onOpen,
}: {
  templates: readonly EmailTemplateListItem[];
  owner: EmailOwner;
  onOpen: (id: string) => void;
}) {
  const [deleting, setDeleting] = useState<EmailTemplateListItem | null>(null);
  const duplicate = useDuplicateEmailTemplate(owner);
  const remove = useDeleteEmailTemplate(owner, () => setDeleting(null));
  const schedules = useQuery({ ...emailSchedulesQuery(owner), enabled: deleting !== null });
  const effect = deleting ? templateDeletionEffect(deleting.id, schedules.data?.results ?? []) : '';
  return (
    <>
      <ListTable
        label="Email templates"
        minWidth={480}
        verticalSpacing="sm"
        columns={[
          'Name',
          { header: 'Email type', visibleFrom: 'md' },
          { header: 'Updated', visibleFrom: 'sm' },
          ACTIONS_COLUMN,
        ]}
      >
        {templates.map((template) => (
          <Table.Tr key={template.id}>
            <Table.Td>
              <Button variant="subtle" px={0} onClick={() => onOpen(template.id)}>
                {template.name}
              </Button>
            </Table.Td>
            <Table.Td>{template.email_type ? emailTypeLabel(template.email_type) : '—'}</Table.Td>
            <Table.Td>{formatDateTime(template.updated_at)}</Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${template.name}`}
                    onClick={() => onOpen(template.id)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Duplicate">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Duplicate ${template.name}`}
                    loading={duplicate.isPending && duplicate.variables.id === template.id}
                    onClick={() => duplicate.mutate(template)}
                  >
                    <IconCopy size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <DeleteIconButton label={`Delete ${template.name}`} onClick={() => setDeleting(template)} />
                </Tooltip>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <ConfirmDeleteDialog
        target={deleting}
        message={`The email template ${deleting?.name ?? ''} will be deleted. ${effect}`.trim()}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/**
 * The email templates of an event, webinar, event template, series or repeating event: list,
 * create, duplicate, delete; `?emailTemplateId=` opens one in the editor.
 */
export function EmailTemplatesPage({
  owner,
  uploadScope,
  scheduled = true,
}: {
  owner: EmailOwner;
  uploadScope: string;
  /** False for a recording, which has no email schedule: its emails send as people register or are invited. */
  scheduled?: boolean;
}) {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const templateId = useSearchParam('emailTemplateId');
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const templates = useEmailTemplates(owner, page, search.trim());
  const open = (id: string | null) =>
    void navigate({ href: id ? `${pathname}?emailTemplateId=${encodeURIComponent(id)}` : pathname });

  if (templateId) {
    return (
      <Suspense fallback={<Loading label="Loading the email editor" />}>
        <TemplateEditorPage
          key={templateId}
          templateId={templateId}
          owner={owner}
          uploadScope={uploadScope}
          onBack={() => open(null)}
        />
      </Suspense>
    );
  }
  return (
    <Stack>
      <PageHeader
        title="Email Templates"
        description={
          scheduled
            ? 'The emails this sends: design them once, then choose them in the email schedule.'
            : 'The emails people get as they register and as their registration changes: design them here.'
        }
        actions={<AddButton onClick={() => setCreating(true)}>New template</AddButton>}
      />
      <ListSearchInput
        value={search}
        onChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
        placeholder="Search templates"
      />
      <ServerListBody
        list={templates}
        failure={emailTemplateMessages.errorLoadingTemplates}
        loadingLabel="Loading email templates"
        filtering={search.trim() !== ''}
        noMatch="No template matches your search."
        emptyState={
          <EmptyState
            title="No email templates yet"
            icon={<IconMail size={26} aria-hidden />}
            message="Create a template to write what your registrants receive."
          />
        }
        pageSize={EMAIL_TEMPLATES_PAGE_SIZE}
        page={page}
        onPage={setPage}
      >
        <TemplateRows templates={templates.data?.results ?? []} owner={owner} onOpen={open} />
      </ServerListBody>
      {creating && (
        <NewTemplateDialog
          owner={owner}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            open(id);
          }}
        />
      )}
      <Text size="xs" c="dimmed">
        Merge fields such as {'{{ first_name }}'} are filled in for each recipient.
      </Text>
    </Stack>
  );
}
