import { eventFormSchema, eventHref, hostTypePlanFeature } from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import {
  OrganizationEventFields,
  eventFieldsOf,
  newEventValues,
  type EventFormValues,
} from './event-form.tsx';
import { useCreateEvent } from './events-api.ts';

interface CreateEventDialogProps {
  organizationId: string;
  workspacesEnabled: boolean;
  onClose: () => void;
}

/**
 * Spec 001 §2.5 "Create event": title, type, host type, schedule with zone, series, tags,
 * workspace; once created, the dialog closes and the new event's page opens.
 */
export function CreateEventDialog({ organizationId, workspacesEnabled, onClose }: CreateEventDialogProps) {
  const navigate = useNavigate();
  const formId = useId();
  const form = useStudioForm<EventFormValues>(eventFormSchema, { initialValues: newEventValues() });
  const allowed = usePlanAllows(organizationId, hostTypePlanFeature(form.values.hostType));
  const create = useCreateEvent((event) => {
    form.setValues(newEventValues());
    onClose();
    void navigate({ href: eventHref(event) });
  });
  const submit = form.onSubmit((values) => {
    if (allowed) create.mutate({ ...eventFieldsOf(values, workspacesEnabled), organization: organizationId });
  });
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Create Event"
      action={{
        cancelDisabled: create.isPending,
        form: formId,
        label: 'Create',
        pending: create.isPending,
        disabled: !allowed,
      }}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <OrganizationEventFields
          form={form}
          organizationId={organizationId}
          workspacesEnabled={workspacesEnabled}
        />
        {!allowed && <FeatureNotEnabled />}
      </form>
    </StudioDialog>
  );
}
