import { Drawer, Stack } from '@mantine/core';
import { EVENT_ACTIONS, eventFormSchema, hostTypePlanFeature, type StudioEvent } from '@studio/domain';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { useStudioForm } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';
import { OrganizationEventFields, eventFieldsOf, eventValues, type EventFormValues } from './event-form.tsx';
import { eventNotReadyReason } from './event-ready.ts';
import { useUpdateEvent } from './events-api.ts';
import { RegistrationSettingsCard } from './registration-settings-card.tsx';
import { useEventSettings } from './use-event-settings.ts';
import { FormActions } from '../../ui/form-actions.tsx';

/** The event's details, edited in a drawer over the dashboard. */
export function EventDetailsDrawer({
  event,
  opened,
  onClose,
}: {
  event: StudioEvent;
  opened: boolean;
  onClose: () => void;
}) {
  const settings = useEventSettings();
  const form = useStudioForm<EventFormValues>(eventFormSchema, { initialValues: eventValues(event) });
  // Spec 002 §6: turning an event in-person or hybrid needs the plan's feature; keeping its type does not.
  const hostTypeAllowed = usePlanAllows(
    settings.organizationId,
    form.values.hostType === event.host_type ? null : hostTypePlanFeature(form.values.hostType),
  );
  const save = useUpdateEvent(event.id, onClose);
  const submit = async (values: EventFormValues) => {
    if (!hostTypeAllowed) return;
    // Spec 000 §4: only a ready event is changed.
    const reason = await eventNotReadyReason(event.id, EVENT_ACTIONS.update);
    if (reason) showToast(reason, 'error');
    else save.mutate(eventFieldsOf(values, settings.workspacesEnabled));
  };
  return (
    <Drawer opened={opened} onClose={onClose} title="Details" position="right" size="lg">
      <Stack gap="xl">
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack>
            <OrganizationEventFields
              form={form}
              organizationId={settings.organizationId}
              workspacesEnabled={settings.workspacesEnabled}
            />
            {!hostTypeAllowed && <FeatureNotEnabled />}
            <FormActions onCancel={onClose} saving={save.isPending} disabled={!hostTypeAllowed} />
          </Stack>
        </form>
        {/* Seats, waitlist and approval: the registration area's settings, saved on their own. */}
        <RegistrationSettingsCard eventId={event.id} organizationId={event.organization} />
      </Stack>
    </Drawer>
  );
}
