import { Alert, Stack } from '@mantine/core';
import { repeatingProgrammeNote } from '@studio/domain';
import type { ReactNode } from 'react';
import { useSeries } from '../features/series/series-api.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { Loading } from '../ui/list-states.tsx';

/**
 * What a repeating event's pages edit: its next occurrence not started (`programme_event`), which
 * holds its programme and branding, under a note saying so; a loader meanwhile, an empty state
 * once every one has started.
 */
export function NextOccurrence({
  loadingLabel,
  emptyMessage,
  note,
  children,
}: {
  loadingLabel: string;
  emptyMessage: string;
  note: string;
  children: (eventId: string) => ReactNode;
}) {
  const series = useSeries(useRouteParam('seriesId'));
  if (!series.data) return <Loading label={loadingLabel} />;
  const eventId = series.data.programme_event;
  if (!eventId) return <EmptyState title="No upcoming occurrence" message={emptyMessage} />;
  return (
    <Stack>
      <Alert color="blue" variant="light">
        {note}
      </Alert>
      {children(eventId)}
    </Stack>
  );
}

/**
 * A repeating event's programme pages (/repeating-event/$seriesId/programs/…): the programme is
 * held by its first occurrence not started and copied to the later ones, so each page shows that
 * occurrence's area with a note saying so.
 */
export function RepeatingProgramme({ children }: { children: (eventId: string) => ReactNode }) {
  return (
    <NextOccurrence
      loadingLabel="Loading the program"
      emptyMessage="Every occurrence of this repeating event has started. Extend its schedule to plan a program."
      note={repeatingProgrammeNote}
    >
      {children}
    </NextOccurrence>
  );
}
