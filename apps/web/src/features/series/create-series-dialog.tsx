import { Button, Stack, Switch } from '@mantine/core';
import { PLAN_FEATURE_OF, SERIES_NAME_MAX_LENGTH, type Series } from '@studio/domain';
import { useState } from 'react';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  newRecurrence,
  RecurrenceFields,
  recurrenceRuleOf,
  REQUIRED,
  validateRecurrence,
  type RecurrenceErrors,
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

/** Create a series, or a repeating event (a series with a schedule). */
export function CreateSeriesDialog({
  organizationId,
  repeating: initiallyRepeating,
  tagOptions,
  workspaceOptions,
  onClose,
  onCreated,
}: CreateSeriesDialogProps) {
  const [name, setName] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [workspace, setWorkspace] = useState<string | null>(null);
  const [repeating, setRepeating] = useState(initiallyRepeating);
  const [recurrence, setRecurrence] = useState(() => newRecurrence());
  const [errors, setErrors] = useState<{ name?: string; recurrence: RecurrenceErrors }>({ recurrence: {} });
  const allowed = usePlanAllows(organizationId, PLAN_FEATURE_OF[repeating ? 'repeatingEvent' : 'series']);
  const create = useCreateSeries(onCreated);
  const submit = () => {
    const found = {
      name: name.trim() ? undefined : REQUIRED,
      recurrence: repeating ? validateRecurrence(recurrence) : {},
    };
    setErrors(found);
    if (!found.name && Object.keys(found.recurrence).length === 0)
      create.mutate({
        name: name.trim(),
        organization: organizationId,
        tags,
        ...(workspaceOptions && { workspace }),
        ...(repeating && { recurrence: recurrenceRuleOf(recurrence) }),
      });
  };
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title={repeating ? 'Create Repeating Event' : 'Create Series'}
      size="large"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending} disabled={!allowed}>
            Create
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        {!allowed && <FeatureNotEnabled />}
        <TextField
          label="Name"
          required
          value={name}
          onChange={setName}
          maxLength={SERIES_NAME_MAX_LENGTH}
          error={errors.name}
          data-autofocus
        />
        <MultiSelectField label="Tags" options={tagOptions} value={tags} onChange={setTags} />
        {workspaceOptions && (
          <SelectField
            label="Workspace"
            clearable
            options={workspaceOptions}
            value={workspace}
            onChange={setWorkspace}
          />
        )}
        <Switch
          label="Repeating event"
          checked={repeating}
          onChange={(event) => setRepeating(event.currentTarget.checked)}
        />
        {repeating && (
          <RecurrenceFields values={recurrence} errors={errors.recurrence} onChange={setRecurrence} />
        )}
      </Stack>
    </StudioDialog>
  );
}
