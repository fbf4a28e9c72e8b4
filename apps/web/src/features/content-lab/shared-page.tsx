import { Anchor, Box, Loader } from '@mantine/core';
import { clipMessages, postMessages } from '@studio/domain';
import { useEffect } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useSharedLink, type SharedKind } from './shared-link-api.ts';

const texts: Record<SharedKind, { loading: string; open: string; notShared: string }> = {
  clip: { loading: 'Loading clip', open: clipMessages.openSharedClip, notShared: clipMessages.notShared },
  post: { loading: 'Loading post', open: postMessages.openSharedPost, notShared: postMessages.notShared },
};

/**
 * The studio's own address of a shared clip or post, loaded directly or reached in the app: the
 * public page lives on the attendee origin, so the visitor is sent there.
 */
function SharedPage({ kind, id }: { kind: SharedKind; id: string }) {
  const link = useSharedLink(kind, id);
  const target = link.data?.share_url;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  const text = texts[kind];
  if (link.isPending) return <Loader aria-label={text.loading} m="xl" />;
  return (
    <Box p="md">
      {target ? (
        <Anchor href={target}>{text.open}</Anchor>
      ) : (
        <EmptyState title={text.notShared} message="Ask the person who shared it for a new link." />
      )}
    </Box>
  );
}

/** /shared/clip/{clipId}. */
export function SharedClipPage() {
  return <SharedPage kind="clip" id={useRouteParam('clipId')} />;
}

/** /shared/post/{postId}. */
export function SharedPostPage() {
  return <SharedPage kind="post" id={useRouteParam('postId')} />;
}
