import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  SURVEY_QUESTION_TYPE_LABELS,
  SURVEY_QUESTION_TYPES,
  SURVEY_RATING_SCALE,
  surveyFormSchema,
  surveyMessages,
  type Survey,
  type SurveyFormValues,
  type SurveyQuestionType,
} from '@studio/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFailureToast } from '../../ui/toast.ts';
import { useStudioForm } from '../../ui/studio-form.ts';
import { useSaveSurvey, useSurvey } from './surveys-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

const isChoice = (type: SurveyQuestionType) => type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';
const blankQuestion = (): SurveyFormValues['questions'][number] => ({
  question_type: 'SINGLE_CHOICE',
  required: false,
  text: '',
  options: [{ text: '' }, { text: '' }],
});
const valuesOf = (survey: Survey | undefined): SurveyFormValues =>
  survey
    ? {
        title: survey.title,
        description: survey.description,
        questions: survey.questions.map(({ question_type, required, text, options }) => ({
          question_type,
          required,
          text,
          options,
        })),
      }
    : { title: '', description: '', questions: [blankQuestion()] };

/** Creates a survey of the event's library, or edits one (`surveyId`), read fresh from the server. */
export function SurveyEditor({
  eventId,
  surveyId,
  onClose,
}: {
  eventId: string;
  surveyId: string | null;
  onClose: () => void;
}) {
  const survey = useSurvey(eventId, surveyId);
  useFailureToast(survey.isError, surveyMessages.errorFetchingSurvey);
  const title = surveyId ? 'Edit survey' : 'New survey';
  return (
    <Drawer
      opened
      onClose={onClose}
      title={title}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the survey editor' }}
    >
      {surveyId && !survey.data ? (
        <Center py="xl">{survey.isPending && <Loader aria-label="Loading the survey" />}</Center>
      ) : (
        <SurveyForm eventId={eventId} survey={survey.data} onClose={onClose} />
      )}
    </Drawer>
  );
}

function SurveyForm({
  eventId,
  survey,
  onClose,
}: {
  eventId: string;
  survey: Survey | undefined;
  onClose: () => void;
}) {
  const form = useStudioForm<SurveyFormValues>(surveyFormSchema, { initialValues: valuesOf(survey) });
  const save = useSaveSurvey(eventId, onClose);
  const { questions } = form.getValues();
  const questionsError = form.errors.questions;

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate({ id: survey?.id ?? null, values }))}>
      <Stack>
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
        <Text fw={600} size="sm">
          Questions
        </Text>
        {questionsError && (
          <Text c="red" size="sm" role="alert">
            {questionsError}
          </Text>
        )}
        {questions.map((question, index) => (
          <Paper key={form.key(`questions.${index}`)} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label={`Question ${index + 1} type`}
                  allowDeselect={false}
                  data={SURVEY_QUESTION_TYPES.map((type) => ({
                    value: type,
                    label: SURVEY_QUESTION_TYPE_LABELS[type],
                  }))}
                  {...form.getInputProps(`questions.${index}.question_type`)}
                  onChange={(value) => {
                    const type = value as SurveyQuestionType;
                    form.setFieldValue(`questions.${index}.question_type`, type);
                    const options = form.getValues().questions[index]?.options ?? [];
                    if (!isChoice(type)) form.setFieldValue(`questions.${index}.options`, []);
                    else if (options.length < 2)
                      form.setFieldValue(`questions.${index}.options`, [{ text: '' }, { text: '' }]);
                  }}
                />
                <DeleteIconButton
                  label={`Remove question ${index + 1}`}
                  size="lg"
                  onClick={() => form.removeListItem('questions', index)}
                />
              </Group>
              <TextInput
                label={`Question ${index + 1}`}
                required
                {...form.getInputProps(`questions.${index}.text`)}
              />
              <Checkbox
                label="Required"
                {...form.getInputProps(`questions.${index}.required`, { type: 'checkbox' })}
              />
              {question.question_type === 'RATING' && (
                <Text size="sm" c="dimmed">
                  Answered with 1 to {SURVEY_RATING_SCALE} stars.
                </Text>
              )}
              {isChoice(question.question_type) && (
                <Stack gap={4}>
                  {(question.options ?? []).map((_option, optionIndex) => (
                    <Group key={form.key(`questions.${index}.options.${optionIndex}`)} wrap="nowrap" gap="xs">
                      <TextInput
                        flex={1}
                        aria-label={`Question ${index + 1} option ${optionIndex + 1}`}
                        placeholder={`Option ${optionIndex + 1}`}
                        {...form.getInputProps(`questions.${index}.options.${optionIndex}.text`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Remove option ${optionIndex + 1} of question ${index + 1}`}
                        onClick={() => form.removeListItem(`questions.${index}.options`, optionIndex)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                  {form.errors[`questions.${index}.options`] && (
                    <Text c="red" size="xs">
                      {form.errors[`questions.${index}.options`]}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => form.insertListItem(`questions.${index}.options`, { text: '' })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    Add option
                  </Button>
                </Stack>
              )}
            </Stack>
          </Paper>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('questions', blankQuestion())}
          style={{ alignSelf: 'flex-start' }}
        >
          Add question
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {survey ? 'Save survey' : 'Create survey'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
