import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventAppIsland } from './event-app.tsx';

const eventId = '7d3c1f5e-0000-4000-8000-000000000001';

/** The server-rendered row above the island (entrance-page.ts): who is signed in, and the way out. */
function leaveForm() {
  const row = document.createElement('div');
  row.innerHTML = `<form method="post" action="/e/${eventId}/leave"><button class="button secondary" type="submit">Leave event</button></form>`;
  document.body.append(row);
  const form = row.querySelector('form')!;
  const sent = vi.spyOn(form, 'submit').mockImplementation(() => undefined);
  return { row, sent };
}

describe('leaving the event app', () => {
  let row: HTMLElement | undefined;
  afterEach(() => row?.remove());

  it('asks before leaving: Stay keeps the person in, Leave event sends the form', async () => {
    const user = userEvent.setup();
    const form = leaveForm();
    row = form.row;
    // The island only (its calls fail here: the question belongs to the page, not to what loads).
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    render(eventAppIsland({ eventId }));
    const leave = screen.getByRole('button', { name: 'Leave event' });
    // The island's listener is on the form once its effect ran.
    await vi.waitFor(async () => {
      await user.click(leave);
      expect(screen.getByRole('dialog', { name: 'Leave the event?' })).toBeTruthy();
    });
    const dialog = screen.getByRole('dialog', { name: 'Leave the event?' });
    expect(dialog.textContent).toContain('open the link in your registration email');
    expect(form.sent).not.toHaveBeenCalled();
    // The safe answer has the focus: a second stray tap or Enter does not sign anyone out.
    expect(document.activeElement?.textContent).toBe('Stay in the event');
    await user.click(screen.getByRole('button', { name: 'Stay in the event' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(form.sent).not.toHaveBeenCalled();

    await user.click(leave);
    const confirm = screen.getByRole('dialog', { name: 'Leave the event?' });
    await user.click(
      [...confirm.querySelectorAll('button')].find((button) => button.textContent === 'Leave event')!,
    );
    expect(form.sent).toHaveBeenCalledTimes(1);
  });
});
