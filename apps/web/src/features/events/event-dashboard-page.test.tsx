import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { openMenu } from '../../testing/option-list.ts';

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
    expect(dates.textContent).toBe('Dec 1, 2031, 10:00 AM GMT – Dec 1, 2031, 11:00 AM GMT');
  });
});

describe('event dashboard order', () => {
  it('shows the viewers now and readiness first, and keeps Duplicate, Save as Template and Delete under More actions', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' })),
    });
    await screen.findByRole('region', { name: 'Details' });
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(regions.slice(0, 3)).toEqual(['Viewers now', 'Readiness', 'Details']);
    // A phone's first screen carries no destructive button: Delete is one deliberate tap further.
    for (const action of ['Duplicate', 'Save as Template', 'Delete'])
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Calendar Invites' })).toBeTruthy();
    const { entries } = await openMenu(userEvent, screen.getByRole('button', { name: 'More actions' }));
    expect(entries).toEqual(['Duplicate', 'Save as Template', 'Delete']);
  });
});

describe('a recording on its dashboard', () => {
  it('offers neither Reschedule nor Send Calendar Invites: a recording has no schedule', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Product Tour', event_type: 'Recording' })),
    });
    await screen.findByRole('region', { name: 'Details' });
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
    for (const action of ['Reschedule', 'Send Calendar Invites'])
      expect(screen.queryByRole('button', { name: action })).toBeNull();
  });
});
