import { Group, Stack, TextInput } from '@mantine/core';
import {
  EVENT_TYPES,
  eventHref,
  PLAN_FEATURE_OF,
  TEMPLATE_TITLE_MAX_LENGTH,
  eventFromTemplateFormSchema,
  templateDetailsFormSchema,
  timezoneOptions,
  wallClock,
  zonedInstant,
  type EventType,
  type StudioTemplate,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { currentUserQuery } from '../../api/identity.ts';
import { dayjs } from '../../ui/formats.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { SelectField, WorkspaceField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import type { Option } from '../../api/entity-options.ts';
import { useCreateEventFromTemplate } from './templates-api.ts';

export interface TemplateDetails {
  title: string;
  workspace: string | null;
  eventType?: EventType;
  event?: string;
}

interface TemplateDetailsValues {
  title: string;
  workspace: string | null;
  eventType: EventType;
  event: string | null | undefined;
}

interface TemplateDetailsDialogProps {
  title: string;
  submitLabel: string;
  initialTitle?: string;
  /** Null: the organisation has no workspaces. */
  workspaceOptions: Option[] | null;
  /** Create: the template's event type. */
  withEventType?: boolean;
  /** Create from event: the events to pick from. */
  eventOptions?: Option[];
  onSubmit: (details: TemplateDetails) => void;
  onClose: () => void;
  pending: boolean;
}

/** Create, create from event and duplicate: title, workspace (and event type or source event). */
export function TemplateDetailsDialog(props: TemplateDetailsDialogProps) {
  const {
    title,
    submitLabel,
    initialTitle = '',
    workspaceOptions,
    withEventType,
    eventOptions,
    onSubmit,
    onClose,
    pending,
  } = props;
  const form = useStudioForm<TemplateDetailsValues>(templateDetailsFormSchema, {
    // `event` is null (to be chosen) only when the template is made from an event.
    initialValues: {
      title: initialTitle,
      workspace: null,
      eventType: 'Conference',
      event: eventOptions ? null : undefined,
    },
  });
  const { data: user } = useQuery(currentUserQuery);
  const allowed = usePlanAllows(user?.organization ?? null, PLAN_FEATURE_OF.template);
  const submit = form.onSubmit(({ title, workspace, eventType, event }) =>
    onSubmit({
      title: title.trim(),
      workspace,
      ...(withEventType && { eventType }),
      ...(event && { event }),
    }),
  );
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title={title}
      action={{
        cancelDisabled: pending,
        pending,
        label: submitLabel,
        onConfirm: submit,
        disabled: !allowed,
      }}
    >
      <Stack gap="sm">
        {!allowed && <FeatureNotEnabled />}
        {eventOptions && (
          <SelectField label="Event" required options={eventOptions} {...form.getInputProps('event')} />
        )}
        <TextField
          label="Template title"
          required
          {...fieldProps(form, 'title')}
          maxLength={TEMPLATE_TITLE_MAX_LENGTH}
          data-autofocus
        />
        {withEventType && (
          <SelectField
            label="Event type"
            allowDeselect={false}
            options={EVENT_TYPES.map((value) => ({ value, label: value }))}
            {...form.getInputProps('eventType')}
          />
        )}
        <WorkspaceField options={workspaceOptions} {...form.getInputProps('workspace')} />
      </Stack>
    </StudioDialog>
  );
}

const tomorrowIn = (timezone: string) => wallClock(new Date(Date.now() + 86_400_000), timezone).date;

/**
 * "Create event from template": a title and a start (the end follows the template's duration),
 * then the new event's page. The workspace is sent only when the organisation has workspaces.
 */
export function CreateEventFromTemplateDialog({
  template,
  workspaceOptions,
  onClose,
}: {
  template: StudioTemplate;
  /** Null: the organisation has no workspaces. */
  workspaceOptions: Option[] | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateEventFromTemplate((event) => {
    onClose();
    void navigate({ href: eventHref(event) });
  });
  const pending = create.isPending;
  const form = useStudioForm(eventFromTemplateFormSchema, {
    initialValues: {
      title: template.title,
      timezone: template.settings.timezone || dayjs.tz.guess(),
      date: tomorrowIn(template.settings.timezone || 'UTC'),
      time: '10:00',
      workspace: template.workspace?.id ?? null,
    },
  });
  const submit = form.onSubmit(({ title, date, time, timezone, workspace }) =>
    create.mutate({
      id: template.id,
      request: {
        title: title.trim(),
        start_time: zonedInstant(date, time, timezone).toISOString(),
        timezone,
        ...(workspaceOptions && { workspace }),
      },
    }),
  );
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Create Event from Template"
      action={{ cancelDisabled: pending, pending, label: 'Create Event', onConfirm: submit }}
    >
      <Stack gap="sm">
        <TextField
          label="Event title"
          required
          {...fieldProps(form, 'title')}
          maxLength={255}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput type="date" label="Start date" required {...form.getInputProps('date')} />
          <TextInput type="time" label="Start time" required {...form.getInputProps('time')} />
        </Group>
        <SelectField
          label="Time zone"
          allowDeselect={false}
          options={timezoneOptions(new Date()).map(({ value, label }) => ({ value, label }))}
          {...form.getInputProps('timezone')}
        />
        <WorkspaceField options={workspaceOptions} {...form.getInputProps('workspace')} />
      </Stack>
    </StudioDialog>
  );
}
