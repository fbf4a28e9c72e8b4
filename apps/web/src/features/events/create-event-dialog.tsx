import { eventFormSchema, hostTypePlanFeature, type StudioEvent } from '@studio/domain';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { DialogActions, StudioDialog } from '../../ui/studio-dialog.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import {
  OrganizationEventFields,
  eventFieldsOf,
  newEventValues,
  type EventFormValues,
} from './event-form.tsx';
import { useCreateEvent } from './events-api.ts';

interface CreateEventDialogProps {
  opened: boolean;
  organizationId: string;
  workspacesEnabled: boolean;
  onClose: () => void;
  onCreated: (event: StudioEvent) => void;
}

/** Spec 001 §2.5 "Create event": title, type, host type, schedule with zone, series, tags, workspace. */
export function CreateEventDialog({
  opened,
  organizationId,
  workspacesEnabled,
  onClose,
  onCreated,
}: CreateEventDialogProps) {
  const form = useStudioForm<EventFormValues>(eventFormSchema, { initialValues: newEventValues() });
  const allowed = usePlanAllows(organizationId, hostTypePlanFeature(form.values.hostType));
  const create = useCreateEvent((event) => {
    form.setValues(newEventValues());
    onCreated(event);
  });
  const submit = form.onSubmit((values) => {
    if (allowed) create.mutate({ ...eventFieldsOf(values, workspacesEnabled), organization: organizationId });
  });
  return (
    <StudioDialog
      opened={opened}
      onClose={onClose}
      title="Create Event"
      footer={
        <DialogActions
          onCancel={onClose}
          cancelDisabled={create.isPending}
          onConfirm={() => submit()}
          label="Create"
          pending={create.isPending}
          disabled={!allowed}
        />
      }
    >
      <form onSubmit={submit}>
        <OrganizationEventFields
          form={form}
          organizationId={organizationId}
          workspacesEnabled={workspacesEnabled}
        />
        {!allowed && <FeatureNotEnabled />}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </StudioDialog>
  );
}
