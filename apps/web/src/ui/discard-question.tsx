import { DISCARD_CHANGES_QUESTION } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Leaving a screen with unsaved changes asks 'You have unsaved changes. Are you sure you want to
 * discard them?' first: `requestClose` leaves at once when nothing changed, else opens `question`
 * (to be rendered by the screen), whose Discard leaves; `asking` while it is open.
 */
export function useDiscardQuestion(isDirty: () => boolean, onClose: () => void) {
  const [asking, setAsking] = useState(false);
  return {
    asking,
    requestClose: () => (isDirty() ? setAsking(true) : onClose()),
    question: (
      <ConfirmDialog
        opened={asking}
        message={DISCARD_CHANGES_QUESTION}
        confirmLabel="Discard"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    ),
  };
}
