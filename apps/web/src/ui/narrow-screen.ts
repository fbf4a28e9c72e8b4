import { useMediaQuery } from '@mantine/hooks';

/** Below this width (Mantine's `sm`) the studio is on a phone: filters fold, top bar actions shrink to icons. */
export const NARROW_SCREEN_QUERY = '(max-width: 48em)';

/** Whether the studio is shown on a phone-sized screen. */
export const useNarrowScreen = (): boolean => useMediaQuery(NARROW_SCREEN_QUERY) ?? false;
