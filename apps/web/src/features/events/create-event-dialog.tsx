import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSeriesOptions, useTagOptions, useWorkspaceOptions } from '../../api/entity-options.ts';
import { failureMessage } from '../../api/api-error.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  EventFormFields,
  eventFieldsOf,
  newEventValues,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form.tsx';
import { createEvent, EVENTS_KEY } from './events-api.ts';
import { hostTypePlanFeature, type StudioEvent } from '@studio/domain';

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
  const queryClient = useQueryClient();
  const series = useSeriesOptions(organizationId);
  const tags = useTagOptions(organizationId);
  const workspaces = useWorkspaceOptions(organizationId, workspacesEnabled);
  const create = useMutation({
    mutationFn: () =>
      createEvent({ ...eventFieldsOf(values, workspacesEnabled), organization: organizationId }),
    onSuccess: async (event) => {
      await queryClient.invalidateQueries({ queryKey: [EVENTS_KEY] });
      setValues(newEventValues());
      onCreated(event);
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const submit = () => {
    const found = validateEventForm(values);
    setErrors(found);
    if (allowed && Object.keys(found).length === 0) create.mutate();
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
