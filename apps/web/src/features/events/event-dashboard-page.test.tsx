import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('event dashboard Details card', () => {
  it('shows the description as (sanitised) rich text, never its tags, and the start–end range as the header does', async () => {
    const event = eventFixture({
      id: 'e-1',
      title: 'Launch Day',
      description:
        '<p>Meet the <strong>team</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    });
    openStudio('/events/e-1/dashboard', { user: ada, routes: eventPageRoutes(event) });
    const card = await screen.findByRole('region', { name: 'Details' });
    expect(card.textContent).not.toContain('<p>');
    expect(within(card).getByText('team').tagName).toBe('STRONG');
    expect(card.querySelector('img, script, [onerror]')).toBeNull();
    const dates = await screen.findByTestId('workspace-dates');
    expect(within(card).getByText(dates.textContent)).toBeTruthy();
    expect(dates.textContent).toBe('Dec 1, 2026, 10:00 AM GMT – Dec 1, 2026, 11:00 AM GMT');
  });
});
