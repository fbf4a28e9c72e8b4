import { Button } from '@mantine/core';
import { eventHref } from '@studio/domain';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';

// The dialog (and the event form, with the whole stylesheet) loads when first opened, not with every page.
const CreateEventDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/events/create-event-dialog.tsx'),
    import('./studio-styles.ts'),
  ]);
  return { default: module.CreateEventDialog };
});

/** The top bar's global "Create event": the events area's dialog, then the new event's page. */
export function CreateEventAction({
  organizationId,
  workspacesEnabled,
}: {
  organizationId: string;
  workspacesEnabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Create event
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CreateEventDialog
            opened
            organizationId={organizationId}
            workspacesEnabled={workspacesEnabled}
            onClose={() => setOpen(false)}
            onCreated={(event) => {
              setOpen(false);
              void navigate({ href: eventHref(event) });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
