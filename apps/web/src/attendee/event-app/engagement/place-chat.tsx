import { useState } from 'react';
import { engagementPanelMessages as words } from '@studio/domain';
import { ChannelView } from './chat-panel.tsx';
import { useEngagementState, type Channel } from './engagement-api.ts';

/**
 * A room's or booth's chat under it, opened on demand, when the event offers room or booth chat
 * (discussions_chat_disabled, booth_chat_disabled through the `state` call's features).
 */
export function PlaceChatToggle({
  eventId,
  channel,
}: {
  eventId: string;
  channel: Channel & { kind: 'room' | 'booth' };
}) {
  const state = useEngagementState(eventId);
  const [open, setOpen] = useState(false);
  const offered = channel.kind === 'room' ? state.data?.features.roomChat : state.data?.features.boothChat;
  if (!state.data || !offered) return null;
  return (
    <div>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {words.chatTab}
      </button>
      {open && <ChannelView eventId={eventId} channel={channel} state={state.data} readOnly={null} />}
    </div>
  );
}
