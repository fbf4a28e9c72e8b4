import { Stack, Switch } from '@mantine/core';
import { PLAN_FEATURE_OF, SERIES_NAME_MAX_LENGTH, seriesFormSchema, type Series } from '@studio/domain';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { WorkspaceField } from '../../ui/select-field.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { errorsUnder, fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import {
  newRecurrence,
  RecurrenceFields,
  recurrenceRuleOf,
  type RecurrenceValues,
} from './recurrence-fields.tsx';
import type { Option } from '../../api/entity-options.ts';
import { useCreateSeries } from './series-api.ts';

interface CreateSeriesDialogProps {
  organizationId: string;
  repeating: boolean;
  tagOptions: Option[];
  workspaceOptions: Option[] | null;
  onClose: () => void;
  onCreated: (series: Series) => void;
}

interface SeriesFormValues {
  name: string;
  tags: string[];
  workspace: string | null;
  repeating: boolean;
  recurrence: RecurrenceValues;
}

/** Create a series, or a repeating event (a series with a schedule). */
export function CreateSeriesDialog({
  organizationId,
  repeating: initiallyRepeating,
  tagOptions,
  workspaceOptions,
  onClose,
  onCreated,
}: CreateSeriesDialogProps) {
  const form = useStudioForm<SeriesFormValues>(seriesFormSchema, {
    initialValues: {
      name: '',
      tags: [],
      workspace: null,
      repeating: initiallyRepeating,
      recurrence: newRecurrence(),
    },
  });
  const { repeating } = form.values;
  const allowed = usePlanAllows(organizationId, PLAN_FEATURE_OF[repeating ? 'repeatingEvent' : 'series']);
  const create = useCreateSeries(onCreated);
  const submit = form.onSubmit(({ name, tags, workspace, recurrence }) =>
    create.mutate({
      name: name.trim(),
      organization: organizationId,
      tags,
      ...(workspaceOptions && { workspace }),
      ...(repeating && { recurrence: recurrenceRuleOf(recurrence) }),
    }),
  );
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title={repeating ? 'Create Repeating Event' : 'Create Series'}
      size="large"
      action={{ onConfirm: () => submit(), label: 'Create', pending: create.isPending, disabled: !allowed }}
    >
      <Stack gap="sm">
        {!allowed && <FeatureNotEnabled />}
        <TextField
          label="Name"
          required
          {...fieldProps(form, 'name')}
          maxLength={SERIES_NAME_MAX_LENGTH}
          data-autofocus
        />
        <MultiSelectField label="Tags" options={tagOptions} {...fieldProps(form, 'tags')} />
        <WorkspaceField options={workspaceOptions} {...form.getInputProps('workspace')} />
        <Switch label="Repeating event" {...form.getInputProps('repeating', { type: 'checkbox' })} />
        {repeating && (
          <RecurrenceFields
            values={form.values.recurrence}
            errors={errorsUnder(form.errors, 'recurrence')}
            onChange={(recurrence) => form.setFieldValue('recurrence', recurrence)}
          />
        )}
      </Stack>
    </StudioDialog>
  );
}
