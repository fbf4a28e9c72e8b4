import { Button, Group, Stack, TextInput } from '@mantine/core';
import {
  EVENT_TYPES,
  PLAN_FEATURE_OF,
  TEMPLATE_TITLE_MAX_LENGTH,
  timezoneOptions,
  wallClock,
  zonedInstant,
  type EventType,
  type StudioTemplate,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQuery } from '../../api/identity.ts';
import { dayjs } from '../../ui/formats.ts';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { Option } from '../../api/entity-options.ts';

export const REQUIRED = 'This field is required.';

/** Spec 001 §5: a template's title is required (trimmed) and at most 255 characters. */
export const titleError = (title: string): string | undefined => (title.trim() ? undefined : REQUIRED);

interface DialogShell {
  onClose: () => void;
  pending: boolean;
}

function Footer({
  onClose,
  pending,
  label,
  onSubmit,
  disabled = false,
}: DialogShell & { label: string; onSubmit: () => void; disabled?: boolean }) {
  return (
    <>
      <Button variant="default" onClick={onClose} disabled={pending}>
        Cancel
      </Button>
      <Button onClick={onSubmit} loading={pending} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}

export interface TemplateDetails {
  title: string;
  workspace: string | null;
  eventType?: EventType;
  event?: string;
}

interface TemplateDetailsDialogProps extends DialogShell {
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
  const [name, setName] = useState(initialTitle);
  const [workspace, setWorkspace] = useState<string | null>(null);
  const [eventType, setEventType] = useState<EventType>('Conference');
  const [event, setEvent] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ title?: string; event?: string }>({});
  const { data: user } = useQuery(currentUserQuery);
  const allowed = usePlanAllows(user?.organization ?? null, PLAN_FEATURE_OF.template);
  const submit = () => {
    const found = { title: titleError(name), event: eventOptions && !event ? REQUIRED : undefined };
    setErrors(found);
    if (found.title || found.event) return;
    onSubmit({ title: name.trim(), workspace, ...(withEventType && { eventType }), ...(event && { event }) });
  };
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title={title}
      footer={
        <Footer
          onClose={onClose}
          pending={pending}
          label={submitLabel}
          onSubmit={submit}
          disabled={!allowed}
        />
      }
    >
      <Stack gap="sm">
        {!allowed && <FeatureNotEnabled />}
        {eventOptions && (
          <SelectField
            label="Event"
            required
            options={eventOptions}
            value={event}
            onChange={setEvent}
            error={errors.event}
          />
        )}
        <TextField
          label="Template title"
          required
          value={name}
          onChange={setName}
          maxLength={TEMPLATE_TITLE_MAX_LENGTH}
          error={errors.title}
          data-autofocus
        />
        {withEventType && (
          <SelectField
            label="Event type"
            allowDeselect={false}
            options={EVENT_TYPES.map((value) => ({ value, label: value }))}
            value={eventType}
            onChange={(value) => value && setEventType(value as EventType)}
          />
        )}
        {workspaceOptions && (
          <SelectField
            label="Workspace"
            clearable
            options={workspaceOptions}
            value={workspace}
            onChange={setWorkspace}
          />
        )}
      </Stack>
    </StudioDialog>
  );
}

export interface NewEventFromTemplate {
  title: string;
  start_time: string;
  timezone: string;
  workspace: string | null;
}

/** "Create event from template": a title and a start; the end follows the template's duration. */
export function CreateEventFromTemplateDialog({
  template,
  workspaceOptions,
  onSubmit,
  onClose,
  pending,
}: DialogShell & {
  template: StudioTemplate;
  workspaceOptions: Option[] | null;
  onSubmit: (request: NewEventFromTemplate) => void;
}) {
  const [title, setTitle] = useState(template.title);
  const [timezone, setTimezone] = useState(template.settings.timezone || dayjs.tz.guess());
  const [date, setDate] = useState(
    () => wallClock(new Date(Date.now() + 86_400_000), template.settings.timezone || 'UTC').date,
  );
  const [time, setTime] = useState('10:00');
  const [workspace, setWorkspace] = useState<string | null>(template.workspace?.id ?? null);
  const [errors, setErrors] = useState<{ title?: string; date?: string }>({});
  const submit = () => {
    const found = {
      title: titleError(title),
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) ? undefined : REQUIRED,
    };
    setErrors(found);
    if (found.title || found.date) return;
    onSubmit({
      title: title.trim(),
      start_time: zonedInstant(date, time, timezone).toISOString(),
      timezone,
      workspace,
    });
  };
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Create Event from Template"
      footer={<Footer onClose={onClose} pending={pending} label="Create Event" onSubmit={submit} />}
    >
      <Stack gap="sm">
        <TextField
          label="Event title"
          required
          value={title}
          onChange={setTitle}
          maxLength={255}
          error={errors.title}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Start date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
          />
          <TextInput
            type="time"
            label="Start time"
            required
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
        </Group>
        <SelectField
          label="Time zone"
          allowDeselect={false}
          options={timezoneOptions(new Date()).map(({ value, label }) => ({ value, label }))}
          value={timezone}
          onChange={(value) => value && setTimezone(value)}
        />
        {workspaceOptions && (
          <SelectField
            label="Workspace"
            clearable
            options={workspaceOptions}
            value={workspace}
            onChange={setWorkspace}
          />
        )}
      </Stack>
    </StudioDialog>
  );
}
