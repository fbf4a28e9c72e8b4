import { accessMessages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, emptyPagesUnder, starterAcme } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('plan gating in the studio (spec 002 §6)', () => {
  it('says a series is not enabled for the organisation, with the contact link, and creates nothing', async () => {
    const starter = starterAcme({ repeatingEvents: true });
    openStudio('/series', {
      user: ada,
      organization: starter,
      routes: emptyPagesUnder('/api/event/series/', '/api/core/tags/'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Series' });
    expect(within(dialog).getByText(accessMessages.featureNotEnabled)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Repeating event' }));
    expect(within(dialog).queryByText(accessMessages.featureNotEnabled)).toBeNull();
  });
});
