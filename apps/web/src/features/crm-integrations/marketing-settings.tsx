import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { marketingMessages } from '@studio/domain';
import { useState } from 'react';
import { useCreateMarketoActivityTypes, useValidateEloquaForm } from './crm-api.ts';

/** …/applications/eloqua/settings/eloqua-event-form: the Eloqua form registrants are submitted to, checked at Eloqua. */
export function EloquaEventForm() {
  const [formId, setFormId] = useState('');
  const validate = useValidateEloquaForm();
  const answer = validate.data;
  return (
    <form
      aria-label="Eloqua event form"
      onSubmit={(event) => {
        event.preventDefault();
        validate.mutate(formId.trim());
      }}
    >
      <Stack maw={480}>
        <Group align="flex-end">
          <TextInput
            label="Eloqua form id"
            required
            inputMode="numeric"
            value={formId}
            onChange={(event) => setFormId(event.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={validate.isPending}>
            Validate form id
          </Button>
        </Group>
        {answer?.is_valid_eloqua_form_id && answer.form && (
          <Text size="sm" role="status">
            Form “{answer.form.name}” found.
          </Text>
        )}
        {answer && !answer.is_valid_eloqua_form_id && (
          <Alert color="red" role="alert">
            {marketingMessages.eloquaFormNotFound}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** …/applications/marketo/settings/marketo-base-program: the studio's custom activity types in Marketo. */
export function MarketoBaseProgram({ organizationId }: { organizationId: string }) {
  const create = useCreateMarketoActivityTypes(organizationId);
  const answer = create.data;
  return (
    <Stack maw={560}>
      <Text size="sm" c="dimmed">
        Registrants' profile and engagement reach Marketo as two custom activity types.
      </Text>
      <Group>
        <Button variant="default" loading={create.isPending} onClick={() => create.mutate()}>
          Create custom activity types
        </Button>
      </Group>
      {answer && answer.failures.length > 0 && (
        <Alert color="red" role="alert" title={marketingMessages.marketoCustomActivityFailed}>
          {answer.message}
        </Alert>
      )}
      {answer && answer.failures.length === 0 && (
        <Text size="sm" role="status">
          Activity types created: {Object.values(answer.marketo_activity_type_ids).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
