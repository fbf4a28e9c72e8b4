import { hasVenue } from '../events/enums.ts';

/** 002 §2: the check-in manager is an in-person helper (in-person and hybrid events have a desk). */
export const hasCheckInDesk = hasVenue;

/** The check-in manager's self check-in kiosk: its link adds `selfCheckIn=true`. */
export const selfCheckInUrl = (checkInUrl: string) => {
  const url = new URL(checkInUrl);
  url.searchParams.set('selfCheckIn', 'true');
  return url.toString();
};

/** The header's link helpers, in the order shown, with their labels. */
export const publicLinkMessages = {
  heading: 'Public links',
  register: 'Registration page',
  landing: 'Splash page',
  onDemand: 'On-demand page',
  checkIn: 'Check-in manager',
  selfCheckIn: 'Self check-in',
  embed: 'On-demand player embed',
  copy: (label: string) => `Copy ${label}`,
  open: (label: string) => `Open ${label}`,
  copied: (label: string) => `${label} copied to the clipboard`,
  copyFailed: 'Could not copy to the clipboard',
  embedBuilder: 'Open the embed builder',
} as const;
