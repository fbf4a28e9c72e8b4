import { Loader, Stack, Text, Title } from '@mantine/core';
import { CODE_AREA_TITLES, codeAreaMessages, PAGE_CODE_AREAS } from '@studio/domain';
import { PageHeader } from '../../ui/page-header.tsx';
import { CodeAreaEditor } from './code-area-editor.tsx';
import {
  useCodeAreas,
  useSaveTrackingSnippet,
  useTrackingSnippet,
  type TrackingOwner,
} from './code-areas-api.ts';
import { PageCodeAreaEditor } from './page-code-area-editor.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

function TrackingSnippetEditor({ owner, code }: { owner: TrackingOwner; code: string }) {
  const save = useSaveTrackingSnippet(owner);
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
  const owner = { kind: 'event', id: eventId } as const;
  const snippet = useTrackingSnippet(owner);
  if (snippet.isError) return <ErrorAlert>{codeAreaMessages.loadFailed}</ErrorAlert>;
  if (!snippet.data) return <Loader aria-label={codeAreaMessages.loading} />;
  return <TrackingSnippetEditor owner={owner} code={snippet.data.body_section_script} />;
}

const HELP: Record<TrackingOwner['kind'], string> = {
  event: codeAreaMessages.trackingPixelsHelp,
  series: codeAreaMessages.seriesTrackingPixelsHelp,
  template: codeAreaMessages.templateTrackingPixelsHelp,
};

/**
 * `…/registration/tracking-pixels`: the tracking pixel snippet and custom code areas (Head, Body
 * and the four hooks) of an event, a series or a template, all of which run only on public pages
 * on the attendee origin (a template's on the events made from it).
 */
export function TrackingPixelsPage({ owner }: { owner: TrackingOwner }) {
  const snippet = useTrackingSnippet(owner);
  const areas = useCodeAreas(owner);
  if (snippet.isError || areas.isError) return <ErrorAlert>{codeAreaMessages.loadFailed}</ErrorAlert>;
  if (!snippet.data || !areas.data) return <Loading label={codeAreaMessages.loading} />;
  return (
    <>
      <PageHeader title={codeAreaMessages.trackingPixelsTitle} description={HELP[owner.kind]} />
      <Stack>
        <TrackingSnippetEditor owner={owner} code={snippet.data.body_section_script} />
        <Title order={2} size="h4" mt="md">
          {codeAreaMessages.codeAreasTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {codeAreaMessages.codeAreasHelp(
            PAGE_CODE_AREAS.map((area) => CODE_AREA_TITLES[area]),
            codeAreaMessages.codeAreaPages[owner.kind],
          )}
        </Text>
        {PAGE_CODE_AREAS.map((area) => (
          <PageCodeAreaEditor key={area} owner={owner} area={area} code={areas.data[area]} />
        ))}
      </Stack>
    </>
  );
}
