import { useState } from 'react';
import { engagementPanelMessages as words, placeChatOn, type ChatPlace } from '@studio/domain';
import { ChannelView } from './chat-panel.tsx';
import { useEngagementState } from './engagement-api.ts';

/**
 * A room's, booth's or booth room's chat under it, opened on demand, when the event offers it
 * (placeChatOn: discussions_chat_disabled, booth_chat_disabled through the `state` call's
 * features). A booth's discussion room chats as a room.
 */
export function PlaceChatToggle({ eventId, place, id }: { eventId: string; place: ChatPlace; id: string }) {
  const state = useEngagementState(eventId);
  const [open, setOpen] = useState(false);
  if (!state.data || !placeChatOn(state.data.features, place)) return null;
  const channel = { kind: place === 'booth' ? ('booth' as const) : ('room' as const), id };
  return (
    <div>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {words.chatTab}
      </button>
      {open && <ChannelView eventId={eventId} channel={channel} state={state.data} readOnly={null} />}
    </div>
  );
}
