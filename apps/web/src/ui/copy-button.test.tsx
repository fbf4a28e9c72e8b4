import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { COPY_RESET_MS, CopyButton } from './copy-button.tsx';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

const button = () => screen.getByRole('button', { name: 'Copy token' });
const click = async () => {
  await act(async () => {
    fireEvent.click(button());
    await Promise.resolve();
  });
};

afterEach(() => {
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies the value, says so, and is ready again after 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    renderWidget(<CopyButton value="st_secret" aria-label="Copy token" />);
    expect(button().textContent).toBe('Copy');

    await click();
    expect(writeText).toHaveBeenCalledWith('st_secret');
    expect(button().textContent).toBe('Copied');
    expect(button().getAttribute('data-state')).toBe('copied');

    await act(async () => {
      vi.advanceTimersByTime(COPY_RESET_MS - 1);
      await Promise.resolve();
    });
    expect(button().textContent).toBe('Copied');
    await act(async () => {
      vi.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(button().textContent).toBe('Copy');
    expect(button().getAttribute('data-state')).toBe('not-copied');
  });

  it('says when copying failed, and resets after 2 s too', async () => {
    vi.useFakeTimers();
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderWidget(<CopyButton value="st_secret" aria-label="Copy token" />);

    await click();
    expect(button().textContent).toBe('Copy failed');
    expect(button().getAttribute('data-state')).toBe('failed');
    await act(async () => {
      vi.advanceTimersByTime(COPY_RESET_MS);
      await Promise.resolve();
    });
    expect(button().textContent).toBe('Copy');
  });
});
