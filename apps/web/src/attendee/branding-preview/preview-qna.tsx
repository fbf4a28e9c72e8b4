import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  answererShown,
  BRANDING_PREVIEW_QUESTION,
  engagementFeatures,
  engagementPanelMessages as words,
  type BrandingState,
  type EngagementState,
  type Question,
} from '@studio/domain';
import { engagementKeys } from '../event-app/engagement/engagement-api.ts';
import { QnaPanel } from '../event-app/engagement/qna-panel.tsx';

/** The organisation's flags change none of the Q&A options the preview shows. */
const NO_FLAGS = { useChatVisibility: false, useNewChatApp: false, assignQnaToSpeaker: false };
/** A preview's question and answer have no time of their own. */
const UNDATED = new Date(0).toISOString();

/**
 * 002 §2.1 "text Q&A published": the event app's own Q&A panel beside the stage, holding one
 * published (answered) question, as the pending Chat Experience offers Q&A — anonymous asking, the
 * answerer's name or the event's alias; nothing without text Q&A. The panel's data is in its own
 * cache (it never calls the server) and the panel is inert: the preview is looked at, never used.
 */
export function PreviewQna({ eventId, state }: { eventId: string; state: BrandingState }) {
  const features = engagementFeatures(state.event, NO_FLAGS);
  const answerer = answererShown(features, BRANDING_PREVIEW_QUESTION.answerer);
  const client = useMemo(() => {
    const cache = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const published: Question = {
      id: 'preview-question',
      text: BRANDING_PREVIEW_QUESTION.text,
      asker_name: BRANDING_PREVIEW_QUESTION.asker,
      state: 'answered',
      upvotes: 12,
      upvoted: false,
      answers: [
        { id: 'preview-answer', text: BRANDING_PREVIEW_QUESTION.answer, answerer, created_at: UNDATED },
      ],
      created_at: UNDATED,
    };
    cache.setQueryData(engagementKeys.questions(eventId, null), [published]);
    return cache;
  }, [eventId, answerer]);
  if (!features.qna) return null;
  const standing: EngagementState = {
    features,
    role: 'attendee',
    blocked: false,
    speaker_sessions: [],
    ended: false,
    ends_at: UNDATED,
  };
  return (
    <aside className="stage-sidebar" aria-label={words.qnaTab} inert>
      {/* A new answerer's name is a new cache: the panel reads it afresh. */}
      <QueryClientProvider key={answerer ?? ''} client={client}>
        <div className="sidebar-panel">
          <QnaPanel eventId={eventId} state={standing} sessionId={null} personId={null} />
        </div>
      </QueryClientProvider>
    </aside>
  );
}
