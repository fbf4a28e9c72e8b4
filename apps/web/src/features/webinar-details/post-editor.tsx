import {
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { postBodyError, SOCIAL_POST_LIMITS, socialNetworkLabels, type Post } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { useDeletePost, useSavePost } from './webinar-details-api.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** One draft: its title and text edited by hand and saved, shared by link (revocable), or deleted. */
export function PostEditor({ post }: { post: Post }) {
  const [title, setTitle] = useState(post.title);
  const [body, setBody] = useState(post.body);
  const save = useSavePost();
  const remove = useDeletePost();
  const [deleting, setDeleting] = useState<string | null>(null);
  const error = postBodyError(post.kind, post.network, body);
  const changed = title !== post.title || body !== post.body;
  const label = post.network ? `${socialNetworkLabels[post.network]} post` : post.title || 'Draft';

  return (
    <Card withBorder radius="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          <Tooltip label="Delete post">
            <DeleteIconButton
              label={`Delete ${label}`}
              loading={remove.isPending}
              onClick={() => setDeleting(post.id)}
              iconSize={18}
            />
          </Tooltip>
        </Group>
        <TextInput
          label="Title"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Textarea
          label="Text"
          value={body}
          rows={post.kind === 'BLOG' ? 16 : 8}
          error={error}
          description={
            post.network ? `${body.length} / ${SOCIAL_POST_LIMITS[post.network]} characters` : undefined
          }
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Group gap="sm">
            <Switch
              label="Share publicly"
              checked={post.shared}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate({ id: post.id, changes: { shared: event.currentTarget.checked } })
              }
            />
            {post.share_url && (
              <>
                <Anchor href={post.share_url} target="_blank" rel="noopener noreferrer" size="sm">
                  Open shared page
                </Anchor>
                <CopyButton
                  value={post.share_url}
                  size="xs"
                  variant="light"
                  aria-label={`Copy link to ${label}`}
                />
              </>
            )}
          </Group>
          <Button
            disabled={!changed || error !== undefined}
            loading={save.isPending}
            onClick={() => save.mutate({ id: post.id, changes: { title, body } })}
          >
            Save
          </Button>
        </Group>
      </Stack>
      <ConfirmDeleteDialog
        target={deleting}
        message={`${label} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
