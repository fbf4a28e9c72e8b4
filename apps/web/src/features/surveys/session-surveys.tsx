import { ActionIcon, Button, Group, Loader, Select, Text } from '@mantine/core';
import { surveyMessages, type Survey } from '@studio/domain';
import { IconListDetails } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showToast } from '../../ui/toast.ts';
import { SurveyAnswers } from './survey-answers.tsx';
import { useAttachSurvey, useDetachSurvey, useSessionSurveys, useSurveyLibrary } from './surveys-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';
import { DrawerSection } from '../../ui/drawer-section.tsx';

/**
 * A session's surveys, in its drawer (issue 14 item 7): the session holds copies of library
 * surveys — added from the library (duplicated with the session) and removed (detached).
 */
export function SessionSurveys({ eventId, broadcastId }: { eventId: string; broadcastId: string | null }) {
  return (
    <DrawerSection title="Surveys" saved={broadcastId} unsaved="Save the session to add surveys to it.">
      {(savedId) => <AttachedSurveys eventId={eventId} broadcastId={savedId} />}
    </DrawerSection>
  );
}

function AttachedSurveys({ eventId, broadcastId }: { eventId: string; broadcastId: string }) {
  const attached = useSessionSurveys(eventId, broadcastId);
  const library = useSurveyLibrary(eventId);
  const attach = useAttachSurvey(eventId, broadcastId);
  const detach = useDetachSurvey(eventId, broadcastId);
  const [picked, setPicked] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Survey | null>(null);
  useEffect(() => {
    if (attached.isError || library.isError) showToast(surveyMessages.errorFetchingSurveys, 'error');
  }, [attached.isError, library.isError]);

  const held = new Set((attached.data ?? []).map((survey) => survey.duplicated_from));
  const choices = (library.data ?? []).filter((survey) => !held.has(survey.id));

  return (
    <>
      {attached.isPending && <Loader size="sm" aria-label="Loading the session’s surveys" />}
      {attached.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No surveys in this session.
        </Text>
      )}
      {attached.data?.map((survey) => (
        <Group key={survey.id} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {survey.title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Answers to survey ${survey.title} in this session`}
              onClick={() => setAnswers(survey)}
            >
              <IconListDetails size={16} />
            </ActionIcon>
            <DeleteIconButton
              label={`Remove survey ${survey.title} from the session`}
              loading={detach.isPending && detach.variables === survey.id}
              onClick={() => detach.mutate(survey.id)}
            />
          </Group>
        </Group>
      ))}
      {answers && <SurveyAnswers eventId={eventId} survey={answers} onClose={() => setAnswers(null)} />}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          flex={1}
          label="Add a survey from the library"
          placeholder={library.data?.length === 0 ? 'The library has no surveys yet' : 'Choose a survey'}
          data={choices.map((survey) => ({ value: survey.id, label: survey.title }))}
          value={picked}
          onChange={setPicked}
          disabled={choices.length === 0}
        />
        <Button
          variant="light"
          disabled={!picked}
          loading={attach.isPending}
          onClick={() => picked && attach.mutate(picked, { onSuccess: () => setPicked(null) })}
        >
          Add survey
        </Button>
      </Group>
    </>
  );
}
