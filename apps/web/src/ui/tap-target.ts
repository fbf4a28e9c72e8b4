/**
 * Sizes of the studio's small controls that still meet WCAG 2.2's 24 px target size minimum
 * (2.5.8) on a touch screen: Mantine's `md` icon button (28 px), `compact-sm` button (26 px),
 * `md` checkbox and switch (24 px). Rows of them keep `TAP_GAP` between targets.
 */
export const TAP_ICON_SIZE = 'md';
export const TAP_BUTTON_SIZE = 'compact-sm';
export const TAP_CHECK_SIZE = 'md';
export const TAP_GAP = 6;
/** The least height (and width) of a control drawn by hand: a header's sort button. */
export const TAP_MIN_PX = 24;
