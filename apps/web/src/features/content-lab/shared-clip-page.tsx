import { Anchor, Box, Loader } from '@mantine/core';
import { clipMessages } from '@studio/domain';
import { useEffect } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useSharedClipLink } from './clips-api.ts';

/** /shared/clip/{clipId} on the studio's origin: the public page lives on the attendee origin. */
export function SharedClipPage() {
  const link = useSharedClipLink(useRouteParam('clipId'));
  const target = link.data?.share_url;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (link.isPending) return <Loader aria-label="Loading clip" m="xl" />;
  return (
    <Box p="md">
      {target ? (
        <Anchor href={target}>{clipMessages.openSharedClip}</Anchor>
      ) : (
        <EmptyState title={clipMessages.notShared} message="Ask the person who shared it for a new link." />
      )}
    </Box>
  );
}
