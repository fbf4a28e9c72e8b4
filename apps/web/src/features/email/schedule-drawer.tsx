import { Checkbox, Drawer, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  EMAIL_AUDIENCES,
  emailScheduleErrors,
  emailScheduleItemSchema,
  emailScheduleMessages,
  emailTypeDefinition,
  OFFSET_PART_MAX,
  RELATIVE_TIMES,
  scheduleItemOf,
  scheduledSendTime,
  type EmailSchedule,
  type EmailScheduleItem,
  type EmailScheduleList,
  type RelativeTime,
  type ScheduleErrors,
  type ScheduleState,
} from '@studio/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDiscardQuestion } from '../../ui/discard-question.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { formatDateTime } from '../../ui/formats.ts';

export const relativeTimeLabels: Record<RelativeTime, string> = {
  BEFORE_START: 'Before start',
  AFTER_START: 'After start',
  BEFORE_END: 'Before end',
  AFTER_END: 'After end',
};

/** Said of an active schedule whose time had passed when it was set (`skipped`): it will not be sent. */
export function TimePassedNotice() {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-orange-6)"
        aria-hidden
        style={{ flexShrink: 0 }}
      />
      <Text size="xs">{emailScheduleMessages.timePassed}</Text>
    </Group>
  );
}

type Row = ReturnType<typeof scheduleItemOf>;
const OFFSET_PARTS = ['weeks', 'days', 'hours', 'minutes'] as const;

/** A part the API would refuse (past `OFFSET_PART_MAX`): its message, else undefined. */
const partError = (value: number) =>
  emailScheduleItemSchema.shape.days.safeParse(value).error?.issues[0]?.message;

const sameRow = (one: Row, other: Row) => JSON.stringify(one) === JSON.stringify(other);

/** The types the drawer times: those sent on an action (a registration, an invitation) leave at once. */
export const isTimed = (schedule: EmailSchedule) => schedule.trigger !== 'on-action';

const stateOf = ({ email_type, email_template, ...row }: Row): ScheduleState => ({
  ...row,
  emailType: email_type,
  emailTemplate: email_template,
});

/** A template the drawer offers, with its subject (one without is not sent: the domain's rule). */
export interface TemplateOption {
  value: string;
  label: string;
  subject: string;
}

/**
 * When a row sends (events only), and what the domain's rules of a save refuse of it against its
 * saved row: the bounds of a time changed or switched on (001 §5), the custom email's template, a
 * template without a subject.
 */
function checked(
  row: Row,
  saved: Row | undefined,
  context: EmailScheduleList['context'],
  templates: readonly TemplateOption[],
  now: Date,
) {
  const event =
    context.startTime && context.endTime
      ? { ...context, startTime: new Date(context.startTime), endTime: new Date(context.endTime) }
      : null;
  const sendAt = event && scheduledSendTime(event, row);
  const template = templates.find((option) => option.value === row.email_template);
  const errors = emailScheduleErrors(stateOf(row), saved && stateOf(saved), event, now, template);
  return { sendAt, errors };
}

const refused = (row: Row, errors: ScheduleErrors) =>
  errors.time !== undefined ||
  errors.email_template !== undefined ||
  OFFSET_PARTS.some((part) => partError(row[part]) !== undefined);

/**
 * One part of an offset (weeks, days, hours, minutes), kept as typed: 40 days or 999 minutes mean
 * what they say, and a value out of the schedule's bounds keeps its message (clamped on blur, it
 * was saved as another time). Cleared, the field stays empty (the part counts 0) and a number typed
 * reads without leading zeros: '40', not '040' (the field showed 0 once cleared, and kept the zero).
 */
function OffsetPartInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const [cleared, setCleared] = useState(false);
  return (
    <NumberInput
      label={label}
      value={cleared && value === 0 ? '' : value}
      min={0}
      max={OFFSET_PART_MAX}
      clampBehavior="none"
      error={partError(value)}
      allowDecimal={false}
      allowNegative={false}
      allowLeadingZeros={false}
      onChange={(typed) => {
        setCleared(typed === '');
        onChange(typed === '' ? 0 : Number(typed));
      }}
    />
  );
}

function ScheduleRow({
  row,
  saved,
  skipped,
  label,
  context,
  templates,
  serverErrors,
  onChange,
}: {
  row: Row;
  saved: Row | undefined;
  /** The saved schedule will not be sent: its time had passed when it was set. */
  skipped: boolean;
  label: string;
  context: EmailScheduleList['context'];
  templates: TemplateOption[];
  serverErrors: ScheduleErrors;
  onChange: (row: Row) => void;
}) {
  const { sendAt, errors } = checked(row, saved, context, templates, new Date());
  const shownError = row.active ? (errors.time ?? serverErrors.time) : undefined;
  // Left as saved at a time that had passed (a default reminder of an event starting soon): no error, but said.
  const passed = skipped && row.active && saved !== undefined && sameRow(row, saved);
  const templateError = row.active ? (errors.email_template ?? serverErrors.email_template) : undefined;
  return (
    <Paper withBorder p="sm" component="fieldset" aria-label={label} m={0}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} component="legend" p={0}>
            {label}
          </Text>
          <Checkbox
            label="Active"
            checked={row.active}
            onChange={(change) => onChange({ ...row, active: change.currentTarget.checked })}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {OFFSET_PARTS.map((part) => (
            <OffsetPartInput
              key={part}
              label={part[0]!.toUpperCase() + part.slice(1)}
              value={row[part]}
              onChange={(value) => onChange({ ...row, [part]: value })}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label="Relative to"
            data={RELATIVE_TIMES.map((value) => ({ value, label: relativeTimeLabels[value] }))}
            value={row.relativeTime}
            allowDeselect={false}
            onChange={(value) => value && onChange({ ...row, relativeTime: value })}
          />
          <Select
            label="Audience"
            data={[...EMAIL_AUDIENCES]}
            value={row.audience}
            allowDeselect={false}
            onChange={(value) => value && onChange({ ...row, audience: value })}
          />
          <Select
            label="Template"
            placeholder="Default template"
            data={templates.map(({ value, label }) => ({ value, label }))}
            value={row.email_template}
            clearable
            error={templateError}
            onChange={(value) => onChange({ ...row, email_template: value })}
          />
        </SimpleGrid>
        {sendAt && (
          <Text size="xs" c="dimmed">
            Sends {formatDateTime(sendAt, context.timezone ?? undefined)}
          </Text>
        )}
        {passed && <TimePassedNotice />}
        {shownError && (
          <Text size="sm" c="red" role="alert">
            {shownError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `#schedule-drawer`: every timed email type with its offset (weeks, days, hours, minutes) before
 * or after the start or end, its audience, template and on/off, saved at once. Closes on Cancel,
 * outside click, Escape or Ctrl/Cmd+Left; with unsaved changes it asks first.
 */
export function ScheduleDrawer({
  list,
  templates,
  saving,
  serverErrors,
  onSave,
  onClose,
}: {
  list: EmailScheduleList;
  /** The owner's templates by name; one without a subject is named as needing one. */
  templates: TemplateOption[];
  saving: boolean;
  /** The server's refusals: by email type (its time) and `<email type>.email_template`. */
  serverErrors: Partial<Record<string, string>>;
  onSave: (items: EmailScheduleItem[]) => void;
  onClose: () => void;
}) {
  const timed = list.results.filter(isTimed);
  const [initial] = useState(() => timed.map(scheduleItemOf));
  const [rows, setRows] = useState(initial);
  const changed = rows.filter((row, index) => !sameRow(row, initial[index]!));
  const { asking, requestClose, question } = useDiscardQuestion(() => changed.length > 0, onClose);
  const now = new Date();
  const blocked = rows.some((row, index) =>
    refused(row, checked(row, initial[index], list.context, templates, now).errors),
  );

  useEffect(() => {
    const closeOnCtrlLeft = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'ArrowLeft') requestClose();
    };
    window.addEventListener('keydown', closeOnCtrlLeft);
    return () => window.removeEventListener('keydown', closeOnCtrlLeft);
  });

  return (
    <>
      <Drawer
        opened
        onClose={requestClose}
        position="right"
        size="xl"
        title="Email schedule"
        closeButtonProps={{ 'aria-label': 'Close email schedule' }}
        closeOnEscape={!asking}
      >
        <form
          noValidate
          onSubmit={(submitted) => {
            submitted.preventDefault();
            onSave(changed);
          }}
        >
          <Stack>
            {rows.map((row, index) => (
              <ScheduleRow
                key={row.email_type}
                row={row}
                saved={initial[index]}
                skipped={timed[index]!.skipped}
                label={emailTypeDefinition(row.email_type).label}
                context={list.context}
                templates={templates}
                serverErrors={{
                  time: serverErrors[row.email_type],
                  email_template: serverErrors[`${row.email_type}.email_template`],
                }}
                onChange={(next) => setRows(rows.map((other, at) => (at === index ? next : other)))}
              />
            ))}
            {/* Fifteen types: Save stays in sight at the drawer's bottom. */}
            <FormActions
              onCancel={requestClose}
              saving={saving}
              disabled={changed.length === 0 || blocked}
              sticky
            />
          </Stack>
        </form>
      </Drawer>
      {question}
    </>
  );
}
