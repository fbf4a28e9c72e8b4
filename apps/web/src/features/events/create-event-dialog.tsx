import { Button } from '@mantine/core';
import { eventFormSchema, hostTypePlanFeature, type StudioEvent } from '@studio/domain';
import { useSeriesOptions, useTagOptions, useWorkspaceOptions } from '../../api/entity-options.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { EventFormFields, eventFieldsOf, newEventValues, type EventFormValues } from './event-form.tsx';
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
  const series = useSeriesOptions(organizationId);
  const tags = useTagOptions(organizationId);
  const workspaces = useWorkspaceOptions(organizationId, workspacesEnabled);
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
        <>
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={create.isPending} disabled={!allowed}>
            Create
          </Button>
        </>
      }
    >
      <form onSubmit={submit}>
        <EventFormFields
          values={form.values}
          errors={form.errors}
          onChange={form.setValues}
          seriesOptions={series.data ?? []}
          tagOptions={tags.data ?? []}
          workspaceOptions={workspacesEnabled ? (workspaces.data ?? []) : null}
        />
        {!allowed && <FeatureNotEnabled />}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </StudioDialog>
  );
}
