import { Button, Menu } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { openCheckInDesk } from '../../api/check-in-desk.ts';
import { showToast } from '../../ui/toast.ts';
import { attendeeLinksQuery, type RegistrationEvent } from './registrants-api.ts';

/** One of the event's attendee pages, as a button or a menu's entry draws it. */
interface AttendeeLink {
  label: string;
  /** Whether the event offers it (and its address has arrived). */
  shown: boolean;
  /** A page opened in a new tab at this address… */
  href?: string;
  /** …or one the studio opens itself (the desk's signed link), busy meanwhile. */
  open?: () => void;
  busy?: boolean;
  icon?: ReactNode;
}

/** What the link opens: its page in a new tab, or the studio's own opening. */
const target = (entry: AttendeeLink) =>
  entry.href !== undefined
    ? { component: 'a' as const, href: entry.href, target: '_blank', rel: 'noopener noreferrer' }
    : { onClick: entry.open };

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
  // The two links, declared once; drawn as buttons or as a menu's entries.
  const entries: AttendeeLink[] = [
    {
      label: 'Registration page',
      shown: links.data !== undefined,
      href: links.data?.register,
      icon: <IconExternalLink size={14} aria-label="opens in a new tab" />,
    },
    { label: 'Check-in desk', shown: hasDesk(event), open: () => void openDesk(), busy: opening },
  ];
  const shown = entries.filter((entry) => entry.shown);
  if (asMenuItems)
    return shown.map((entry) => (
      <Menu.Item key={entry.label} {...target(entry)} rightSection={entry.icon} disabled={entry.busy}>
        {entry.label}
      </Menu.Item>
    ));
  return shown.map((entry) => (
    <Button
      key={entry.label}
      variant="default"
      {...target(entry)}
      rightSection={entry.icon}
      loading={entry.busy}
    >
      {entry.label}
    </Button>
  ));
}
