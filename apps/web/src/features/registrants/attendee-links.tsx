import { Button, Menu } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { openCheckInDesk } from '../../api/check-in-desk.ts';
import { showToast } from '../../ui/toast.ts';
import { attendeeLinksQuery, type RegistrationEvent } from './registrants-api.ts';

const hasDesk = (event: RegistrationEvent) => event.host_type === 'In_Person' || event.host_type === 'Hybrid';

/**
 * The event's pages on the attendee origin: its public registration page, and for in-person and
 * hybrid events the check-in desk, opened with a short-lived signed link the studio asks for.
 */
export function AttendeeLinks({
  event,
  asMenuItems = false,
}: {
  event: RegistrationEvent;
  /** As entries of a menu (a phone's "More actions"), not buttons. */
  asMenuItems?: boolean;
}) {
  const links = useQuery(attendeeLinksQuery(event.id));
  const [opening, setOpening] = useState(false);
  const openDesk = async () => {
    setOpening(true);
    try {
      await openCheckInDesk(event.id);
    } catch (error) {
      showToast(failureMessage(error), 'error');
    } finally {
      setOpening(false);
    }
  };
  if (asMenuItems)
    return (
      <>
        {links.data && (
          <Menu.Item
            component="a"
            href={links.data.register}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
          >
            Registration page
          </Menu.Item>
        )}
        {hasDesk(event) && (
          <Menu.Item disabled={opening} onClick={() => void openDesk()}>
            Check-in desk
          </Menu.Item>
        )}
      </>
    );
  return (
    <>
      {links.data && (
        <Button
          component="a"
          variant="default"
          href={links.data.register}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
        >
          Registration page
        </Button>
      )}
      {hasDesk(event) && (
        <Button variant="default" loading={opening} onClick={() => void openDesk()}>
          Check-in desk
        </Button>
      )}
    </>
  );
}
