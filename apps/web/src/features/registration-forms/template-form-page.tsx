import { Paper, Select, Stack, Text } from '@mantine/core';
import { registrationMessages } from '@studio/domain';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useGlobalForms } from './forms-api.ts';

/** The default questions: a template without a chosen form asks only these. */
const DEFAULT_QUESTIONS = 'default';

/**
 * `/templates/$templateId/registration/page`: which of the organisation's forms the events made
 * from the template ask (their `registration_form_data`), or only the default questions. The
 * template itself is read and saved by the route (templates feature).
 */
export function TemplateFormPage({
  organizationId,
  chosenFormId,
  saving,
  onChoose,
}: {
  organizationId: string;
  chosenFormId: string | null;
  saving: boolean;
  onChoose: (formId: string | null) => void;
}) {
  const globals = useGlobalForms(organizationId);
  return (
    <>
      <PageHeader
        title="Registration Form"
        description="The questions people answer when they register for an event made from this template: first name, last name and email, then the chosen form's."
      />
      <ListStates
        failure={globals.isError && registrationMessages.errorLoadingForms}
        pending={globals.isPending}
        loadingLabel="Loading the registration form"
      >
        {globals.data && (
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Select
                label="Form"
                data={[
                  { value: DEFAULT_QUESTIONS, label: 'Only the default questions' },
                  ...globals.data.results.map((form) => ({ value: form.id, label: form.name })),
                ]}
                value={chosenFormId ?? DEFAULT_QUESTIONS}
                allowDeselect={false}
                disabled={saving}
                onChange={(value) => onChoose(value === DEFAULT_QUESTIONS || !value ? null : value)}
              />
              {globals.data.count === 0 && (
                <Text size="sm" c="dimmed">
                  No forms yet: build one in Settings → Forms.
                </Text>
              )}
            </Stack>
          </Paper>
        )}
      </ListStates>
    </>
  );
}
