import { accessMessages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, emptyPagesUnder, starterAcme } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('templates and the plan (spec 002 §6)', () => {
  it('says templates are not enabled for the organisation, with the contact link', async () => {
    const starter = starterAcme();
    openStudio('/templates', {
      user: ada,
      organization: starter,
      routes: emptyPagesUnder('/api/event/', '/api/core/tags/'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(accessMessages.featureNotEnabled)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });

  it("starts a new template titled 'Your amazing event' (002 §3.2)", async () => {
    openStudio('/templates', {
      user: ada,
      organization: acme,
      routes: emptyPagesUnder('/api/event/', '/api/core/tags/'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    expect(within(dialog).getByRole('textbox', { name: 'Template title' })).toHaveProperty(
      'value',
      'Your amazing event',
    );
  });
});
