import { ActionIcon, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { surveyMessages, type Survey } from '@studio/domain';
import { IconClipboardList, IconListDetails, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { SurveyAnswers } from './survey-answers.tsx';
import { SurveyEditor } from './survey-editor.tsx';
import { useDeleteSurvey, useSurveyLibrary } from './surveys-api.ts';
import { Loading } from '../../ui/list-states.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

const questionCount = (survey: Survey) =>
  `${survey.questions.length} question${survey.questions.length === 1 ? '' : 's'}`;

/**
 * The event's survey library (issue 14 item 7), opened from the agenda's header: the surveys
 * sessions can take, each created, edited and deleted here and attached from a session's drawer.
 */
export function SurveysPanel({ eventId }: { eventId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconClipboardList size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Surveys
      </Button>
      {opened && <SurveyLibrary eventId={eventId} onClose={() => setOpened(false)} />}
    </>
  );
}

function SurveyLibrary({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const library = useSurveyLibrary(eventId);
  const remove = useDeleteSurvey(eventId);
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Survey | null>(null);
  const [answers, setAnswers] = useState<Survey | null>(null);
  useFailureToast(library.isError, surveyMessages.errorFetchingSurveys);

  const create = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New survey
    </Button>
  );
  return (
    <Drawer
      opened
      onClose={onClose}
      title="Surveys"
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the surveys' }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          The event’s surveys. Add one to a session from the session’s drawer; each session gets its own copy.
        </Text>
        {library.isPending ? (
          <Loading label="Loading the surveys" />
        ) : !library.data?.length ? (
          <EmptyState
            title="No surveys yet"
            message="Create a survey with single or multiple choice, text and rating questions."
            action={create}
          />
        ) : (
          <>
            <Group justify="flex-end">{create}</Group>
            {library.data.map((survey) => (
              <Paper key={survey.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    <Text fw={600} truncate>
                      {survey.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {questionCount(survey)}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Answers to survey ${survey.title}`}
                      onClick={() => setAnswers(survey)}
                    >
                      <IconListDetails size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit survey ${survey.title}`}
                      onClick={() => setEditing(survey.id)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <DeleteIconButton
                      label={`Delete survey ${survey.title}`}
                      onClick={() => setDeleting(survey)}
                    />
                  </Group>
                </Group>
              </Paper>
            ))}
          </>
        )}
      </Stack>
      {editing !== undefined && (
        <SurveyEditor eventId={eventId} surveyId={editing} onClose={() => setEditing(undefined)} />
      )}
      {answers && <SurveyAnswers eventId={eventId} survey={answers} onClose={() => setAnswers(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        message={`The survey ${deleting?.title ?? ''} will be deleted.`}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Drawer>
  );
}
