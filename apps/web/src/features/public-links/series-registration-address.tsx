import { Alert, Loader, Paper } from '@mantine/core';
import { publicLinkMessages } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { seriesLinksQuery } from './public-links-api.ts';
import { LinkRow } from './public-links-menu.tsx';

/** A series' (or repeating event's) registration page on the attendee origin: its address, copy and open. */
export function SeriesRegistrationAddress({ seriesId }: { seriesId: string }) {
  const links = useQuery(seriesLinksQuery(seriesId));
  if (links.isError)
    return (
      <Alert color="red" role="alert">
        The registration page's address could not be loaded. Please try again.
      </Alert>
    );
  return (
    <Paper withBorder p="md" radius="md">
      {links.data ? (
        <LinkRow label={publicLinkMessages.register} url={links.data.register} />
      ) : (
        <Loader size="sm" aria-label="Loading the registration page's address" />
      )}
    </Paper>
  );
}
