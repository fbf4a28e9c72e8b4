import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { responseAnswerText, SURVEY_RESPONSES_PAGE_SIZE, surveyMessages, type Survey } from '@studio/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { saveFile } from '../../ui/save-file.ts';
import { ServerListBody } from '../../ui/server-list.tsx';
import { showToast } from '../../ui/toast.ts';
import { downloadSurveyResponses, useSurveyResponses } from './surveys-api.ts';

/**
 * What people answered to a survey (issue 34 §4): a page of responses — a library survey's from
 * every session holding it — one column per question, and the CSV of them all. Answers are
 * attendees' text, shown as text.
 */
export function SurveyAnswers({
  eventId,
  survey,
  onClose,
}: {
  eventId: string;
  survey: Survey;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const responses = useSurveyResponses(eventId, survey.id, page);
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await downloadSurveyResponses(survey.id), `${survey.title} answers.csv`);
    } catch (error) {
      showToast(failureMessage(error), 'error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Answers: ${survey.title}`} size="xl">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {responses.data && `${responses.data.count} response${responses.data.count === 1 ? '' : 's'}`}
          </Text>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            disabled={!responses.data?.count}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        </Group>
        <ServerListBody
          list={responses}
          failure={surveyMessages.errorFetchingSurvey}
          loadingLabel="Loading the answers"
          emptyState={
            <EmptyState
              title="No answers yet"
              message="Attendees answer this survey in the event app once its session starts; their answers appear here."
            />
          }
          pageSize={SURVEY_RESPONSES_PAGE_SIZE}
          page={page}
          onPage={setPage}
        >
          <ScrollArea>
            <Table striped withTableBorder aria-label={`Answers to ${survey.title}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Session</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  {survey.questions.map((question) => (
                    <Table.Th key={question.id}>{question.text}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {responses.data?.results.map((response) => (
                  <Table.Tr key={response.id}>
                    <Table.Td>{response.respondent.name}</Table.Td>
                    <Table.Td>{response.session.title}</Table.Td>
                    <Table.Td>{formatDateTime(response.created_at)}</Table.Td>
                    {survey.questions.map((question) => (
                      <Table.Td key={question.id} style={{ whiteSpace: 'pre-wrap' }}>
                        {responseAnswerText(response.answers, question)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </ServerListBody>
      </Stack>
    </Modal>
  );
}
