import { Button } from '@mantine/core';
import { hostTypePlanFeature, type StudioEvent } from '@studio/domain';
import { useState } from 'react';
import { useSeriesOptions, useTagOptions, useWorkspaceOptions } from '../../api/entity-options.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import {
  EventFormFields,
  eventFieldsOf,
  newEventValues,
  validateEventForm,
  type EventFormErrors,
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
  const [values, setValues] = useState<EventFormValues>(() => newEventValues());
  const allowed = usePlanAllows(organizationId, hostTypePlanFeature(values.hostType));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const series = useSeriesOptions(organizationId);
  const tags = useTagOptions(organizationId);
  const workspaces = useWorkspaceOptions(organizationId, workspacesEnabled);
  const create = useCreateEvent((event) => {
    setValues(newEventValues());
    onCreated(event);
  });
  const submit = () => {
    const found = validateEventForm(values);
    setErrors(found);
    if (allowed && Object.keys(found).length === 0)
      create.mutate({ ...eventFieldsOf(values, workspacesEnabled), organization: organizationId });
  };
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
          <Button onClick={submit} loading={create.isPending} disabled={!allowed}>
            Create
          </Button>
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <EventFormFields
          values={values}
          errors={errors}
          onChange={setValues}
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
