import '@mantine/core/styles/Tooltip.css';
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The name beside a menu entry collapsed to its icon (loaded only once the menu is collapsed). */
export function NavTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} position="right" withinPortal>
      {children}
    </Tooltip>
  );
}
