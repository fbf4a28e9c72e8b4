import { useEffect, useState } from 'react';
import { engagementPanelMessages as words, type EngagementState } from '@studio/domain';
import { ChatPanel } from './chat-panel.tsx';
import { useEngagementState } from './engagement-api.ts';
import { Tabs, type TabEntry } from '../tab-bar.tsx';
import type { UnreadCounts } from './engagement-push.ts';
import { MessagesPanel } from './people-panel.tsx';
import { DocsPanel } from '../docs-panel.tsx';
import { MediaPanel } from '../on-demand.tsx';
import { PollsPanel } from './polls-panel.tsx';
import { QnaPanel } from './qna-panel.tsx';
import { SurveysPanel } from './surveys-panel.tsx';

/**
 * The sidebar's tabs, 002 §2.1's list ("Chat, Messages (hidden if peer-to-peer chat is disabled),
 * Docs, Polls, Q&A, Media") as the event's features offer them (the `state` call answers
 * engagementFeatures; nothing is re-derived here): Chat unless every chat is off, Messages unless
 * direct messages are (both with their unread counts), Docs (the session's documents), Polls (with
 * the sessions' surveys beside them; the count of polls launched while away), Q&A with text Q&A,
 * Media (the session's videos on demand and recordings). People is the navigator's tab, not the
 * sidebar's (who is here now shows in Messages).
 */
export function sidebarTabs(state: EngagementState, unread: UnreadCounts): TabEntry[] {
  const { features } = state;
  return [
    ...(features.eventChat !== 'off' || features.sessionChat
      ? [{ id: 'chat', title: words.chatTab, badge: unread.chat }]
      : []),
    ...(features.directMessages
      ? [{ id: 'messages', title: words.messagesTab, badge: unread.messages }]
      : []),
    { id: 'docs', title: words.docsTab },
    { id: 'polls', title: words.pollsTab, badge: unread.polls },
    ...(features.qna ? [{ id: 'qna', title: words.qnaTab }] : []),
    { id: 'media', title: words.mediaTab },
  ];
}

/** The sidebar beside the stage (below it on a phone): the engagement panels of the session on stage. */
export function EngagementSidebar({
  eventId,
  sessionId,
  personId,
  unread,
  onTabShown,
}: {
  eventId: string;
  sessionId: string | null;
  /** The person looking (null: not known). */
  personId: string | null;
  unread: UnreadCounts;
  /** Told which tab is in view (messages arriving in it then are read). */
  onTabShown: (tab: string | null) => void;
}) {
  const state = useEngagementState(eventId);
  const tabs = state.data ? sidebarTabs(state.data, unread) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const open = tabs.find((tab) => tab.id === chosen)?.id ?? tabs[0]?.id ?? null;
  useEffect(() => {
    onTabShown(open);
    return () => onTabShown(null);
  }, [open, onTabShown]);
  if (!state.data || !open) return null;
  const props = { eventId, state: state.data, sessionId, personId };
  return (
    <aside className="stage-sidebar">
      <Tabs label={words.sidebarLabel} tabs={tabs} open={open} onOpen={setChosen} scroll />
      <div role="tabpanel" className="sidebar-panel">
        {open === 'chat' && <ChatPanel {...props} />}
        {open === 'messages' && <MessagesPanel {...props} />}
        {open === 'docs' && <DocsPanel eventId={eventId} sessionId={sessionId} />}
        {open === 'polls' && (
          <>
            <PollsPanel
              eventId={eventId}
              sessionId={sessionId}
              role={state.data.role}
              ended={state.data.ended}
            />
            <SurveysPanel eventId={eventId} sessionId={sessionId} />
          </>
        )}
        {open === 'qna' && <QnaPanel {...props} />}
        {open === 'media' && <MediaPanel eventId={eventId} sessionId={sessionId} />}
      </div>
    </aside>
  );
}
