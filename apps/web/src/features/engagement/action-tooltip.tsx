import { Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactElement } from 'react';

/** A screen used by touch only (a phone, a tablet): nothing hovers there. */
export const TOUCH_ONLY_QUERY = '(hover: none)';

/**
 * The name of an icon button shown on hover with a mouse. On a touch screen a tap reads as a hover
 * that never ends (the tooltip would stay over the content), so there it shows none: the button's
 * aria-label still names it.
 */
export function ActionTooltip({ label, children }: { label: string; children: ReactElement }) {
  const touchOnly = useMediaQuery(TOUCH_ONLY_QUERY);
  if (touchOnly) return children;
  return (
    <Tooltip label={label} events={{ hover: true, focus: false, touch: false }}>
      {children}
    </Tooltip>
  );
}
