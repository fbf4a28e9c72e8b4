import { DISCARD_CHANGES_QUESTION } from '@studio/domain';
import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Leaving a screen with unsaved changes asks 'You have unsaved changes. Are you sure you want to
 * discard them?' first: `requestClose` leaves at once when nothing changed, else opens `question`
 * (to be rendered by the screen), whose Discard leaves; `asking` while it is open. Escape asks too,
 * and a second Escape cancels the question.
 */
export function useDiscardQuestion(isDirty: () => boolean, onClose: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    requestClose: () => (isDirty() ? setAsking(true) : onClose()),
    // Mounted only while it asks: a question mounted before (closed) listens to the keys already,
    // and the Escape that closed the drawer and opened it would reach it too and cancel it at once
    // (a browser renders between two listeners of one key press).
    question: asking && (
      <DiscardQuestion
        opened
        onCancel={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    ),
  };
}

/** Moving within a page (its hash or search) keeps its changes; only another page drops them. */
const leavesPage = ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
  current.pathname !== next.pathname;

/**
 * The same question when a page with unsaved changes is left for another (a link, back) —
 * Cancel stays, Discard goes on — and the browser's own when the tab is reloaded or closed.
 * Returns the question, to be rendered by the page.
 */
export function useLeaveQuestion(isDirty: boolean) {
  const leaving = useBlocker({ shouldBlockFn: leavesPage, disabled: !isDirty, withResolver: true });
  return (
    <DiscardQuestion
      opened={leaving.status === 'blocked'}
      onCancel={() => leaving.reset?.()}
      onDiscard={() => leaving.proceed?.()}
    />
  );
}

function DiscardQuestion({
  opened,
  onCancel,
  onDiscard,
}: {
  opened: boolean;
  onCancel: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      message={DISCARD_CHANGES_QUESTION}
      confirmLabel="Discard"
      onCancel={onCancel}
      onConfirm={onDiscard}
    />
  );
}
