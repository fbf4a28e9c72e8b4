import { Drawer } from '@mantine/core';
import { DISCARD_CHANGES_QUESTION } from '@studio/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { renderBetweenKeyListeners } from '../testing/browser-key-turns.ts';
import { useDiscardQuestion } from './discard-question.tsx';

function ChangedDrawer({ onClose }: { onClose: () => void }) {
  const { requestClose, question } = useDiscardQuestion(() => true, onClose);
  return (
    <>
      <Drawer opened onClose={requestClose} title="Changed">
        <input aria-label="Name" />
      </Drawer>
      {question}
    </>
  );
}

describe('useDiscardQuestion', () => {
  it('asks on the Escape that closes a drawer with changes, and is not closed by that same Escape', async () => {
    const { pressKey } = renderBetweenKeyListeners();
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWidget(<ChangedDrawer onClose={onClose} />);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    pressKey('Escape');
    // Still asking once the dialog's transitions are over: the press that opened it did not close it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText(DISCARD_CHANGES_QUESTION)).toBeTruthy();
    // A second Escape answers the question: Cancel, the drawer stays.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(DISCARD_CHANGES_QUESTION)).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Changed' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
