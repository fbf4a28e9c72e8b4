import { Modal, Stack } from '@mantine/core';
import { WORKSPACE_NAME_MAX, workspaceNameRequestSchema, type Workspace } from '@studio/domain';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { fieldProps, onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useDeleteTeam, useSaveTeam } from './teams-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/** Create a team, or rename `team`. */
export function TeamNameDialog({ team, onClose }: { team?: Workspace; onClose: () => void }) {
  const form = useStudioForm(workspaceNameRequestSchema, { initialValues: { name: team?.name ?? '' } });
  const save = useSaveTeam(team, { onSaved: onClose, onRefused: onFormFields(form) });
  const submit = form.onSubmit((values) => save.mutate(workspaceNameRequestSchema.parse(values).name));

  return (
    <Modal opened onClose={onClose} title={team ? `Rename ${team.name}` : 'Create team'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextField
            label="Team name"
            maxLength={WORKSPACE_NAME_MAX}
            {...fieldProps(form, 'name')}
            data-autofocus
          />
          {!form.errors.name && <ErrorAlert error={save.error} />}
          <FormActions onCancel={onClose} saving={save.isPending} label={team ? 'Rename' : 'Create'} />
        </Stack>
      </form>
    </Modal>
  );
}

export function DeleteTeamDialog({ team, onClose }: { team: Workspace; onClose: () => void }) {
  const remove = useDeleteTeam(team.id, onClose);
  return (
    <ConfirmDialog
      opened
      message={`The team ${team.name} will be deleted. Its members stay in the organization.`}
      confirmLabel="Delete"
      confirming={remove.isPending}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
    />
  );
}
