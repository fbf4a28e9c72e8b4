import { ActionIcon, Drawer, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useReadiness, type ReadinessSubject } from './readiness-api.ts';
import { ReadinessList } from './readiness-list.tsx';

/** The alert centre (002 §7.11): a bell in the event's or series' header opening its readiness warnings. */
export function AlertCentre({ subject }: { subject: ReadinessSubject }) {
  const [opened, setOpened] = useState(false);
  const count = useReadiness(subject).data?.failed_checks.length ?? 0;
  const label = count > 0 ? `Alert centre: ${count} to check` : 'Alert centre';
  return (
    <>
      <Tooltip label={label}>
        {/* Above its bell only: Mantine's default (200) drew it over the app shell's fixed header (100). */}
        <Indicator label={count} size={16} disabled={count === 0} color="orange" zIndex={1}>
          <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setOpened(true)}>
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" title="Alert centre">
        <ReadinessList subject={subject} />
      </Drawer>
    </>
  );
}
