import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage } from '@studio/domain';

/** A message's height before it is measured. */
const ESTIMATED_ROW_PX = 64;
/** How close to the top (px) a scroll asks for the older page. */
const LOAD_OLDER_WITHIN_PX = 48;

/**
 * The chat's messages, oldest to newest, windowed (@tanstack/react-virtual: only the rows in view
 * are in the page, whatever the history's length). Scrolling to the top loads the older page and
 * keeps the message that was first in view where it was; a new message scrolls the list down only
 * when the reader was at the bottom.
 */
export function ChatList({
  messages,
  row,
  hasOlder,
  loadOlder,
}: {
  messages: ChatMessage[];
  row: (message: ChatMessage) => ReactNode;
  hasOlder: boolean;
  loadOlder: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualiser's measuring functions are read during render by design (the compiler skips this component).
  // eslint-disable-next-line react-hooks/incompatible-library
  const list = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 6,
  });
  /** The first message in view when the older page was asked for (null: not waiting for one). */
  const anchor = useRef<string | null>(null);
  const atBottom = useRef(true);
  const firstId = messages[0]?.id;
  const lastId = messages[messages.length - 1]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current) {
      const index = messages.findIndex((message) => message.id === anchor.current);
      anchor.current = null;
      const offset = index > 0 ? list.getOffsetForIndex(index, 'start') : undefined;
      if (offset) element.scrollTop = offset[0];
    } else if (atBottom.current) element.scrollTop = element.scrollHeight;
    // Only a new first or last message moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstId, lastId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < ESTIMATED_ROW_PX;
    if (element.scrollTop < LOAD_OLDER_WITHIN_PX && hasOlder && !anchor.current) {
      const first = list.getVirtualItemForOffset(element.scrollTop);
      anchor.current = (first && messages[first.index]?.id) ?? firstId ?? null;
      loadOlder();
    }
  };

  return (
    <div ref={scroller} className="chat-scroll" onScroll={onScroll}>
      <ul className="chat-list" aria-live="polite" style={{ height: list.getTotalSize() }}>
        {list.getVirtualItems().map((item) => {
          const message = messages[item.index]!;
          return (
            <li
              key={item.key}
              ref={list.measureElement}
              data-index={item.index}
              className={message.pinned ? 'chat-message pinned' : 'chat-message'}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row(message)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
