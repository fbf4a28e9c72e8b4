import { ActionIcon, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSignedInOrganization } from '../api/identity.ts';
import { useAccess } from '../session/use-access.ts';
import { useNarrowScreen } from '../ui/narrow-screen.ts';

// The dialog (and the event form, with the whole stylesheet) loads when first opened, not with every page.
const CreateEventDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/events/create-event-dialog.tsx'),
    import('./studio-styles.ts'),
  ]);
  return { default: module.CreateEventDialog };
});

/**
 * The top bar's global "Create Event": the events area's dialog (in the signed-in organisation),
 * then the new event's page. On a phone it is an icon, so the account menu beside it stays on the screen.
 * Only for members who may create events.
 */
export function CreateEventAction() {
  const { organizationId, organization } = useSignedInOrganization();
  const canCreate = useAccess(organizationId).can('event:create');
  const [open, setOpen] = useState(false);
  const narrow = useNarrowScreen();
  if (!canCreate) return null;
  return (
    <>
      {narrow ? (
        <ActionIcon size="md" aria-label="Create Event" onClick={() => setOpen(true)}>
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
          Create Event
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <CreateEventDialog
            organizationId={organizationId}
            workspacesEnabled={organization.is_workspace_enabled}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
