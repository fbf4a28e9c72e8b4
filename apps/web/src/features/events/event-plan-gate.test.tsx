import { accessMessages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada, emptyPagesUnder, starterAcme } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('in-person and hybrid events and the plan (spec 002 §6)', () => {
  it('says an in-person event is not enabled for the organisation and keeps Create disabled', async () => {
    const starter = starterAcme();
    openStudio('/events', {
      user: ada,
      organization: starter,
      routes: emptyPagesUnder('/api/event/', '/api/core/tags/'),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    expect(within(dialog).queryByText(accessMessages.featureNotEnabled)).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Host type' }));
    await user.click(await screen.findByText('In person'));
    expect(await within(dialog).findByText(accessMessages.featureNotEnabled)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create' }).disabled).toBe(true);
  });

  it('refuses turning an event in-person in its details when the plan does not enable it', async () => {
    const starter = starterAcme();
    const event = eventFixture({ id: 'e-1', title: 'Launch Day' });
    openStudio('/events/e-1/dashboard', {
      user: ada,
      organization: starter,
      routes: eventPageRoutes(event),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Details' });
    expect(within(drawer).queryByText(accessMessages.featureNotEnabled)).toBeNull();
    expect(within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
    await user.click(within(drawer).getByRole('combobox', { name: 'Host type' }));
    await user.click(await screen.findByText('In person'));
    expect(await within(drawer).findByText(accessMessages.featureNotEnabled)).toBeTruthy();
    expect(within(drawer).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});
