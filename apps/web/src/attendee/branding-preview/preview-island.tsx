import { useEffect, useMemo, useState } from 'react';
import {
  BRANDING_PREVIEW_READY,
  BRANDING_PREVIEW_SIDEBAR_TABS,
  EVENT_APP_TABS,
  eventAppBranding,
  eventAppMessages,
  type BrandingPreviewPageData,
  type EventAppMe,
} from '@studio/domain';
import type { EventAppApi } from '../event-app/event-app-api.ts';
import { EventAppShell, ProfileStep } from '../event-app/event-app.tsx';
import { Agenda } from '../event-app/programme-tabs.tsx';
import { ScreenSaver, StagePopup } from '../event-app/stage.tsx';
import { TechCheckStep } from '../event-app/tech-check.tsx';
import { PreviewQna } from './preview-qna.tsx';
import { listenToBrandingPreview, type BrandingPreviewMessage } from './preview-messages.ts';

type Programme = BrandingPreviewPageData['programme'];

/** The organiser previewing: an empty profile, no tech check yet. */
const PREVIEWER: EventAppMe = {
  user_id: 'preview',
  email: '',
  first_name: '',
  last_name: '',
  title: '',
  company: '',
  tech_check: null,
};

/** The event app's calls answered from the page: the preview reads what the server put there and saves nothing. */
function previewApi(programme: Programme): EventAppApi {
  const answer =
    <T,>(value: T) =>
    () =>
      Promise.resolve(value);
  return {
    event: answer(programme.event),
    me: answer(PREVIEWER),
    saveProfile: answer(PREVIEWER),
    saveTechCheck: answer(PREVIEWER),
    agenda: answer(programme.agenda),
    speakers: answer(programme.speakers),
    booths: answer(programme.booths),
    rooms: answer(programme.rooms),
    people: answer({ count: 0, results: [] }),
    requestDemo: answer(undefined),
    stage: () =>
      programme.stage
        ? Promise.resolve({ ...programme.stage, track: null, tracks: [] })
        : Promise.reject(new Error('No stage')),
    pushes: () => () => undefined,
  };
}

/**
 * The stage's screen as the modules dress it: the filler slide, the screen saver, a sponsor logo, a
 * lower third, a name card. (Stage Popups' popup shows over the event app's own stage.)
 */
function StageScreen({ message, title }: { message: BrandingPreviewMessage | null; title: string }) {
  const show = message?.show ?? null;
  const sponsorLogo = message?.state.theme.logos[0];
  return (
    <div className="stage-screen" aria-label={EVENT_APP_TABS.stage}>
      {show === 'filler' && message?.fillerImage && (
        <img className="filler" alt="" src={message.fillerImage} />
      )}
      {show === 'screen_saver' && <ScreenSaver text={eventAppMessages.nothingOnStage} />}
      {show === 'sponsor_logo' && sponsorLogo && <img className="sponsor-logo" alt="" src={sponsorLogo} />}
      {show === 'lower_third' && <div className="lower-third">{title}</div>}
      <div className="name-card">
        {title}
        <small>{EVENT_APP_TABS.stage}</small>
      </div>
    </div>
  );
}

/**
 * The preview page's island (002 §2.1): the real event app's pages over the programme in the page,
 * in the branding the studio posts; the module being edited decides what is brought into view.
 */
export function BrandingPreviewPage({ data }: { data: BrandingPreviewPageData }) {
  const [message, setMessage] = useState<BrandingPreviewMessage | null>(null);
  const api = useMemo(() => previewApi(data.programme), [data.programme]);
  useEffect(() => {
    const stop = listenToBrandingPreview(window, data.studioOrigin, setMessage);
    window.parent.postMessage({ type: BRANDING_PREVIEW_READY }, data.studioOrigin);
    return stop;
  }, [data.studioOrigin]);
  // The event app's part of the branding (tabs, entry steps, calls to action) from the pending branding.
  const event = useMemo(() => {
    const saved = data.programme.event;
    if (!message) return saved;
    const hasSecondaryBooths = data.programme.booths.some((booth) => booth.booth_type === 'secondary');
    return {
      ...saved,
      ...eventAppBranding(message.state, { id: saved.id, webinar: saved.webinar, hasSecondaryBooths }),
    };
  }, [message, data.programme]);
  const show = message?.show ?? null;
  switch (data.page) {
    case 'splash':
      return (
        <details className="landing-agenda" open={show === 'agenda_dropdown'}>
          <summary>{EVENT_APP_TABS.agenda}</summary>
          <Agenda list={data.programme.agenda} />
        </details>
      );
    case 'onboarding':
      return <ProfileStep me={PREVIEWER} onSave={() => Promise.resolve()} />;
    case 'tech_check':
      return <TechCheckStep reachServer={api.me} onDone={() => Promise.resolve()} onSkip={() => undefined} />;
    case 'stage':
    case 'event_tabs':
      return (
        <>
          {(data.page === 'stage' || show !== null) && <StageScreen message={message} title={event.title} />}
          <EventAppShell
            api={api}
            event={event}
            initialTab={data.page === 'event_tabs' ? event.tabs[1]?.tab : undefined}
            // Videos with popup: the demo request's confirmation over what the stage plays.
            stageOverlay={
              show === 'popup' &&
              message && (
                <StagePopup
                  title={message.state.event.demo_request_title}
                  message={message.state.event.demo_request_message}
                />
              )
            }
            previewSidebar={
              show === 'published_question' &&
              message && <PreviewQna eventId={data.eventId} state={message.state} />
            }
          />
          {show === 'mobile_chat' && (
            <aside className="chat-panel" aria-label={BRANDING_PREVIEW_SIDEBAR_TABS[0]}>
              {BRANDING_PREVIEW_SIDEBAR_TABS[0]}
            </aside>
          )}
        </>
      );
  }
}

/** The island's root, from the page's data. */
export function brandingPreviewIsland(props: unknown) {
  return <BrandingPreviewPage data={props as BrandingPreviewPageData} />;
}
