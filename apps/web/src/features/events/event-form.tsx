import { SegmentedControl, Stack } from '@mantine/core';
import {
  isScheduled,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EVENT_TYPES,
  hasVenue,
  HOST_TYPES,
  resolveTimezone,
  timezoneOptions,
  wallClock,
  wallClockInstant,
  type EventType,
  type HostType,
  type StudioEvent,
} from '@studio/domain';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { dayjs } from '../../ui/formats.ts';
import { LabelledControl } from '../../ui/labelled-control.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { SelectField, WorkspaceField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  useSeriesOptions,
  useTagOptions,
  useWorkspaceChoices,
  type Option,
} from '../../api/entity-options.ts';
import type { EventFields } from './events-api.ts';
import { DateTimeInputs } from '../../ui/date-time-inputs.tsx';

/** What the create dialog and the dashboard edit: wall-clock dates and times in `timezone`. */
export interface EventFormValues {
  title: string;
  eventType: EventType;
  hostType: HostType;
  /** Where an in-person or hybrid event takes place ('' for none). */
  location: string;
  /** Rich text (HTML) its landing page shows ('' for none). */
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  series: string;
  tags: string[];
  workspace: string;
}

/** The form's errors (Mantine's `form.errors`), from @studio/domain's `eventFormSchema`. */
export type EventFormErrors = Partial<Record<string, ReactNode>>;

export const HOST_TYPE_LABELS: Record<HostType, string> = {
  In_Person: 'In person',
  Virtual: 'Virtual',
  Hybrid: 'Hybrid',
};

/** The browser's zone when the list knows it, else UTC. */
export const browserTimezone = (): string => resolveTimezone(dayjs.tz.guess()) ?? 'UTC';

/** A new event: tomorrow 10:00–11:00 in the browser's zone. */
export function newEventValues(now: Date = new Date()): EventFormValues {
  const timezone = browserTimezone();
  const tomorrow = wallClock(new Date(now.getTime() + 86_400_000), timezone).date;
  return {
    title: '',
    eventType: 'Conference',
    hostType: 'Virtual',
    location: '',
    description: '',
    startDate: tomorrow,
    startTime: '10:00',
    endDate: tomorrow,
    endTime: '11:00',
    timezone,
    series: '',
    tags: [],
    workspace: '',
  };
}

/** An existing event's values, its times shown in its own zone. */
export function eventValues(event: StudioEvent): EventFormValues {
  const start = wallClock(new Date(event.start_time), event.timezone);
  const end = wallClock(new Date(event.end_time), event.timezone);
  return {
    title: event.title,
    eventType: event.event_type,
    hostType: event.host_type,
    location: event.location ?? '',
    description: event.description ?? '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    timezone: event.timezone,
    series: event.series?.id ?? '',
    tags: event.tags.map((tag) => tag.id),
    workspace: event.workspace?.id ?? '',
  };
}

/** The schedule as requests take it (instants and zone), or null when a part is missing. */
export function scheduleOf(
  values: EventFormValues,
): Pick<EventFields, 'start_time' | 'end_time' | 'timezone'> | null {
  const start = wallClockInstant(values.startDate, values.startTime, values.timezone);
  const end = wallClockInstant(values.endDate, values.endTime, values.timezone);
  return start && end
    ? { start_time: start.toISOString(), end_time: end.toISOString(), timezone: values.timezone }
    : null;
}

/** The request fields of valid form values. */
export function eventFieldsOf(values: EventFormValues, workspacesEnabled: boolean): EventFields {
  const schedule = scheduleOf(values);
  const now = new Date().toISOString();
  const fields: EventFields = {
    title: values.title.trim(),
    event_type: values.eventType,
    host_type: values.hostType,
    // A virtual event keeps the place it may have had: turned hybrid again, it is still there.
    ...(hasVenue(values.hostType) && { location: values.location.trim() || null }),
    description: values.description || null,
    start_time: schedule?.start_time ?? now,
    end_time: schedule?.end_time ?? now,
    timezone: values.timezone || 'UTC',
    series: values.series || null,
    tags: values.tags,
  };
  if (workspacesEnabled) fields.workspace = values.workspace || null;
  return fields;
}

let zoneOptions: { value: string; label: string }[] | undefined;
/** Spec 001 §3 "Timezone option": '(GMT+05:30) Asia/Kolkata', from @studio/domain. */
export const timezoneSelectOptions = () =>
  (zoneOptions ??= timezoneOptions(new Date()).map(({ value, label }) => ({ value, label })));

type ScheduleValues = Pick<EventFormValues, 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'timezone'>;

/** Start, end and zone: the event's form and the reschedule and duplicate dialogs. */
export function ScheduleFields({
  values,
  errors,
  set,
}: {
  values: ScheduleValues;
  errors: EventFormErrors;
  set: (key: keyof ScheduleValues, value: string) => void;
}) {
  const form = { values, errors, set };
  return (
    <>
      <DateTimeInputs name="start" form={form} dateLabel="Start date" timeLabel="Start time" required />
      <DateTimeInputs name="end" form={form} dateLabel="End date" timeLabel="End time" required />
      <SelectField
        label="Time zone"
        required
        options={timezoneSelectOptions()}
        value={values.timezone || null}
        onChange={(timezone) => set('timezone', timezone ?? '')}
        error={errors.timezone}
      />
    </>
  );
}

interface EventFormFieldsProps {
  values: EventFormValues;
  errors: EventFormErrors;
  onChange: (values: EventFormValues) => void;
  seriesOptions: Option[];
  tagOptions: Option[];
  workspaceOptions: Option[] | null;
}

/** The event's fields, shared by the create dialog and the dashboard's details. */
export function EventFormFields({
  values,
  errors,
  onChange,
  seriesOptions,
  tagOptions,
  workspaceOptions,
}: EventFormFieldsProps) {
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const scheduled = isScheduled(values.eventType);
  return (
    <Stack gap="sm">
      <TextField
        label="Title"
        required
        value={values.title}
        onChange={(title) => set('title', title)}
        maxLength={EVENT_TITLE_MAX_LENGTH}
        error={errors.title}
        data-autofocus
      />
      <LabelledControl label="Event type">
        {(labelId) => (
          <SegmentedControl
            aria-labelledby={labelId}
            data={[...EVENT_TYPES]}
            value={values.eventType}
            onChange={(eventType) => set('eventType', eventType)}
          />
        )}
      </LabelledControl>
      <SelectField
        label="Host type"
        options={HOST_TYPES.map((value) => ({ value, label: HOST_TYPE_LABELS[value] }))}
        value={values.hostType}
        onChange={(hostType) => hostType && set('hostType', hostType as HostType)}
        allowDeselect={false}
      />
      {hasVenue(values.hostType) && (
        <TextField
          label="Location"
          description="Where attendees come: invitations, emails and the event's pages say it."
          placeholder="Harbour Hall, 1 Pier Road, Lisbon"
          value={values.location}
          onChange={(location) => set('location', location)}
          maxLength={EVENT_LOCATION_MAX_LENGTH}
        />
      )}
      {scheduled && <ScheduleFields values={values} errors={errors} set={set} />}
      <SelectField
        label="Series"
        clearable
        options={seriesOptions}
        value={values.series || null}
        onChange={(series) => set('series', series ?? '')}
      />
      <MultiSelectField
        label="Tags"
        options={tagOptions}
        value={values.tags}
        onChange={(tags) => set('tags', tags)}
      />
      <WorkspaceField
        options={workspaceOptions}
        value={values.workspace || null}
        onChange={(workspace) => set('workspace', workspace ?? '')}
        error={errors.workspace}
      />
      <RichTextField
        label="Description"
        value={values.description}
        onChange={(description) => set('description', description)}
      />
    </Stack>
  );
}

/** The event's fields with the organisation's series, tags and (when on) workspaces to choose from. */
export function OrganizationEventFields({
  form,
  organizationId,
  workspacesEnabled,
}: {
  form: UseFormReturnType<EventFormValues>;
  organizationId: string;
  workspacesEnabled: boolean;
}) {
  const series = useSeriesOptions(organizationId);
  const tags = useTagOptions(organizationId);
  const workspaceOptions = useWorkspaceChoices(organizationId, workspacesEnabled);
  return (
    <EventFormFields
      values={form.values}
      errors={form.errors}
      onChange={form.setValues}
      seriesOptions={series.data ?? []}
      tagOptions={tags.data ?? []}
      workspaceOptions={workspaceOptions}
    />
  );
}
