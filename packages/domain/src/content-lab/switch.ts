/**
 * Content Lab follows its organisation's switch (`content_lab_enabled`, spec 001 §2.2 Organisation;
 * checklist U "Flags"): while it is off, the organisation's members find the area closed. A
 * standalone Content Lab user (no organisation, their personal space) always has it.
 */
export const CONTENT_LAB_DISABLED = 'CONTENT_LAB_DISABLED';

export const contentLabSwitchMessages = {
  title: 'Content Lab is switched off',
  /** The 403 of a Content Lab call while the switch is off, and the page's explanation. */
  disabled:
    'Content Lab is switched off for your organization. An organization admin can switch it on in Settings › Organization.',
  /** What an admin is offered on the closed page. */
  switchOn: 'Switch it on in Settings › Organization',
} as const;

/** Whether Content Lab is open to a person: in a standalone personal space always, else while their organisation's switch is on. */
export function isContentLabOpen(
  inPersonalSpace: boolean,
  organization: { content_lab_enabled: boolean } | undefined,
): boolean {
  return inPersonalSpace || organization?.content_lab_enabled === true;
}
