import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it("is titled 'Are you sure?' and answers confirm or cancel", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWidget(
      <ConfirmDialog
        opened
        message="The team will be deleted."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('The team will be deleted.');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('waits while the action runs', async () => {
    renderWidget(
      <ConfirmDialog
        opened
        message="…"
        confirmLabel="Delete"
        confirming
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    await screen.findByRole('dialog');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('data-loading')).toBe('true');
  });
});
