import { Checkbox, Stack, Text } from '@mantine/core';
import type { StudioEvent } from '@studio/domain';
import { useState } from 'react';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { useSendCalendarInvites } from './events-api.ts';

/**
 * Spec 001 "send updated calendar invite emails (forced, only_attendees)": an email to many people,
 * so it is asked first, with who gets it.
 */
export function CalendarInvitesDialog({ event, onClose }: { event: StudioEvent; onClose: () => void }) {
  const [onlyAttendees, setOnlyAttendees] = useState(false);
  const [forced, setForced] = useState(false);
  const invites = useSendCalendarInvites(event.id, onClose);
  return (
    <StudioDialog
      opened
      onClose={onClose}
      title="Send calendar invites"
      action={{
        onConfirm: () => invites.mutate({ forced, only_attendees: onlyAttendees }),
        label: 'Send',
        pending: invites.isPending,
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {onlyAttendees ? 'Its registrants' : 'Its registrants, speakers and staff'} get the calendar invite
          of {event.title} by email.
          {!forced && ' People who already have this version are skipped.'}
        </Text>
        <Checkbox
          label="Registrants only"
          checked={onlyAttendees}
          onChange={(change) => setOnlyAttendees(change.currentTarget.checked)}
        />
        <Checkbox
          label="Send again to people who already have it"
          checked={forced}
          onChange={(change) => setForced(change.currentTarget.checked)}
        />
      </Stack>
    </StudioDialog>
  );
}
