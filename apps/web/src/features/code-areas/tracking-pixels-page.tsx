import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { CODE_AREA_TITLES, codeAreaMessages, PAGE_CODE_AREAS } from '@studio/domain';
import { PageHeader } from '../../ui/page-header.tsx';
import { CodeAreaEditor } from './code-area-editor.tsx';
import { useCodeAreas, useSaveTrackingSnippet, useTrackingSnippet } from './code-areas-api.ts';
import { PageCodeAreaEditor } from './page-code-area-editor.tsx';

function TrackingSnippetEditor({ eventId, code }: { eventId: string; code: string }) {
  const save = useSaveTrackingSnippet(eventId);
  return (
    <CodeAreaEditor
      area="tracking_snippet"
      code={code}
      onSave={(next) => save.mutateAsync(next)}
      revertOnFailure
    />
  );
}

/** The event's tracking pixel snippet alone, loaded and saved on its own (Look and Feel's module). */
export function EventTrackingSnippet({ eventId }: { eventId: string }) {
  const snippet = useTrackingSnippet(eventId);
  if (snippet.isError)
    return (
      <Alert color="red" role="alert">
        {codeAreaMessages.loadFailed}
      </Alert>
    );
  if (!snippet.data) return <Loader aria-label={codeAreaMessages.loading} />;
  return <TrackingSnippetEditor eventId={eventId} code={snippet.data.body_section_script} />;
}

/**
 * `…/registration/tracking-pixels`: the event's tracking pixel snippet and its custom code areas
 * (Head, Body and the four hooks), all of which run only on its public pages on the attendee origin.
 */
export function TrackingPixelsPage({ eventId }: { eventId: string }) {
  const snippet = useTrackingSnippet(eventId);
  const areas = useCodeAreas({ kind: 'event', id: eventId });
  if (snippet.isError || areas.isError)
    return (
      <Alert color="red" role="alert">
        {codeAreaMessages.loadFailed}
      </Alert>
    );
  if (!snippet.data || !areas.data)
    return (
      <Center py="xl">
        <Loader aria-label={codeAreaMessages.loading} />
      </Center>
    );
  return (
    <>
      <PageHeader
        title={codeAreaMessages.trackingPixelsTitle}
        description={codeAreaMessages.trackingPixelsHelp}
      />
      <Stack>
        <TrackingSnippetEditor eventId={eventId} code={snippet.data.body_section_script} />
        <Title order={2} size="h4" mt="md">
          {codeAreaMessages.codeAreasTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {codeAreaMessages.codeAreasHelp(PAGE_CODE_AREAS.map((area) => CODE_AREA_TITLES[area]))}
        </Text>
        {PAGE_CODE_AREAS.map((area) => (
          <PageCodeAreaEditor
            key={area}
            owner={{ kind: 'event', id: eventId }}
            area={area}
            code={areas.data[area]}
          />
        ))}
      </Stack>
    </>
  );
}
