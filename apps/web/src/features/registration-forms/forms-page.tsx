import { Button, Modal, Stack, Table, TextInput } from '@mantine/core';
import {
  paths,
  REGISTRATION_FORMS_PAGE_SIZE,
  registrationFormMessages,
  registrationMessages,
  type RegistrationForm,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { isNotFound } from '../../api/api-error.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, NotFound } from '../../ui/empty-state.tsx';
import { formatDate } from '../../ui/formats.ts';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { FormBuilder } from './form-builder.tsx';
import {
  useCreateForm,
  useGlobalForms,
  useDeleteForm,
  useRegistrationFormOf,
  useSaveForm,
} from './forms-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { RowMenu } from '../../ui/row-menu.tsx';

const formPath = (id: string) => `${paths.forms}/${id}`;

/**
 * /settings-new/forms: the organisation's global forms — create, rename, open, delete; a section of
 * Settings, whose tabs (`sectionTabs`) stand under the header.
 */
export function FormsPage({ sectionTabs }: { sectionTabs?: ReactNode }) {
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const [page, setPage] = useState(1);
  const [naming, setNaming] = useState<RegistrationForm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RegistrationForm | null>(null);
  const forms = useGlobalForms(organizationId, page);
  const navigate = useNavigate();
  useFailureToast(forms.isError, registrationMessages.errorLoadingForms);
  const remove = useDeleteForm(() => setDeleting(null));
  const create = <AddButton onClick={() => setNaming('new')}>Create form</AddButton>;
  return (
    <>
      <PageHeader title="Forms" description={registrationFormMessages.formsHelp} actions={create} />
      {sectionTabs}
      <ListStates
        failure={forms.isError && registrationMessages.errorLoadingForms}
        pending={forms.isPending}
        loadingLabel="Loading forms"
        empty={forms.data?.count === 0}
        emptyState={
          <EmptyState
            title={registrationFormMessages.noForms}
            message={registrationFormMessages.noFormsHint}
            action={create}
          />
        }
      >
        <ListTable striped label="Forms" columns={['Name', 'Fields', 'Events', 'Updated', ACTIONS_COLUMN]}>
          {forms.data?.results.map((form) => (
            <Table.Tr key={form.id}>
              <Table.Td>
                <Button variant="subtle" px={0} onClick={() => void navigate({ to: formPath(form.id) })}>
                  {form.name}
                </Button>
              </Table.Td>
              <Table.Td>{form.formio_data.components.length}</Table.Td>
              <Table.Td>{form.event_count}</Table.Td>
              <Table.Td>{formatDate(form.updated_at)}</Table.Td>
              <Table.Td>
                <RowMenu
                  label={`Actions for ${form.name}`}
                  dots="md"
                  items={[
                    { label: 'Edit', onClick: () => void navigate({ to: formPath(form.id) }) },
                    { label: 'Rename', onClick: () => setNaming(form) },
                    { label: 'Delete', danger: true, onClick: () => setDeleting(form) },
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <ListPagination
          total={forms.data?.count ?? 0}
          pageSize={REGISTRATION_FORMS_PAGE_SIZE}
          page={page}
          onChange={setPage}
        />
      </ListStates>
      {naming && (
        <NameDialog
          form={naming === 'new' ? null : naming}
          onClose={() => setNaming(null)}
          onCreated={(form) => void navigate({ to: formPath(form.id) })}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        message={`Delete the form “${deleting?.name ?? ''}”? Registrations already made keep their answers.`}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** A new form's name, or a new name for a form. */
function NameDialog({
  form,
  onClose,
  onCreated,
}: {
  form: RegistrationForm | null;
  onClose: () => void;
  onCreated: (form: RegistrationForm) => void;
}) {
  const [name, setName] = useState(form?.name ?? '');
  const create = useCreateForm((created) => {
    onClose();
    onCreated(created);
  });
  const rename = useSaveForm(onClose);
  const submit = () => {
    if (!name.trim()) return;
    if (form) rename.mutate({ id: form.id, formio_data: form.formio_data, name: name.trim() });
    else create.mutate({ name: name.trim(), is_global_form: true });
  };
  return (
    <Modal opened onClose={onClose} title={form ? 'Rename form' : 'Create form'} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Form name"
            required
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <FormActions
            onCancel={onClose}
            saving={create.isPending || rename.isPending}
            disabled={!name.trim()}
            label={form ? 'Save' : 'Create'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** /settings-new/forms/$formId: the builder of one global form. */
export function FormBuilderPage() {
  const formId = useRouteParam('formId');
  const form = useRegistrationFormOf(formId);
  const save = useSaveForm();
  const missing = isNotFound(form.error);
  useFailureToast(form.isError && !missing, registrationMessages.errorLoadingForms);
  if (missing)
    return <NotFound title="Form not found" back={{ href: paths.forms, label: 'Back to Forms' }} />;
  return (
    <>
      <PageHeader title={form.data?.name ?? 'Form'} description="Design the questions registrants answer." />
      <ListStates
        failure={form.isError && registrationMessages.errorLoadingForms}
        pending={form.isPending}
        loadingLabel="Loading the form"
      >
        {form.data && (
          <FormBuilder
            key={form.data.id}
            name={form.data.name}
            formio_data={form.data.formio_data}
            saving={save.isPending}
            onSave={(values) => save.mutate({ id: formId, ...values })}
          />
        )}
      </ListStates>
    </>
  );
}
