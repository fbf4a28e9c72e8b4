import {
  ATTENDEE_DATA_ID,
  ATTENDEE_ROOT_ID,
  attendeePageMessages,
  REGISTRATION_FORM_ATTRIBUTE,
  timeRangeText,
} from '@studio/domain';
import { reportRegistrationView } from './beacon.ts';
import {
  listenToCalendarClicks,
  listenToCtaClicks,
  mountCountdowns,
  mountVideos,
  visitorZone,
} from './page-islands.ts';

/**
 * The attendee origin's one entry (a bundle of its own, apart from the studio): the server renders
 * each page; this fills in the visitor's own time, enhances the registration form and mounts the
 * page's React island, each loaded on demand (React only with an island).
 */
function showVisitorTimes() {
  const zone = visitorZone();
  for (const slot of document.querySelectorAll<HTMLElement>('.local-time')) {
    const { start, end, zone: eventZone } = slot.dataset;
    if (!start || !end || eventZone === zone) continue;
    slot.textContent = ` · ${attendeePageMessages.yourTime} ${timeRangeText(new Date(start), new Date(end), zone)}`;
  }
}

async function enhanceRegistrationForm() {
  const form = document.querySelector<HTMLFormElement>(`form[${REGISTRATION_FORM_ATTRIBUTE}]`);
  if (form) (await import('./registration-form.ts')).enhanceRegistrationForm(form);
}

async function mountIsland() {
  const root = document.getElementById(ATTENDEE_ROOT_ID);
  const data = document.getElementById(ATTENDEE_DATA_ID)?.textContent;
  if (!root || !data) return;
  const props: unknown = JSON.parse(data);
  const page = root.dataset.page;
  const island =
    page === 'check-in'
      ? (await import('./check-in.tsx')).checkInIsland(props)
      : page === 'event-app'
        ? (await import('./event-app/event-app.tsx')).eventAppIsland(props)
        : page === 'branding-preview'
          ? (await import('./branding-preview/preview-island.tsx')).brandingPreviewIsland(props)
          : undefined;
  if (!island) return;
  const { createRoot } = await import('react-dom/client');
  createRoot(root).render(island);
}

showVisitorTimes();
reportRegistrationView(window.location);
void enhanceRegistrationForm();
void mountIsland();
// Built pages' blocks: players, countdowns and the CTA hooks; the confirmation's calendar hook.
mountCountdowns();
listenToCtaClicks();
listenToCalendarClicks();
void mountVideos();
