import { Box } from '@mantine/core';
import { ForcedPasswordDialog } from '../../session/forced-password-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** /content and /content/{param+}: the content studio (built with its own area) and the forced new-password dialog. */
export function ContentLabPage() {
  return (
    <Box p="md">
      <PageHeader title="Content Lab" />
      <EmptyState
        title="Not set up yet"
        message="Turn your event videos into clips, social posts and blogs. The content studio opens here once it is built."
      />
      <ForcedPasswordDialog />
    </Box>
  );
}
