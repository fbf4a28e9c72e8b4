import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormioData } from '@studio/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../testing/render-widget.tsx';
import { RegistrationForm } from './registration-form.tsx';

const form: FormioData = {
  components: [
    { type: 'textfield', key: 'company_size', label: 'Company size', validate: { required: true } },
    { type: 'country', key: 'country', label: 'Country' },
    {
      type: 'radio',
      key: 'track',
      label: 'Track',
      data: {
        values: [
          { label: 'Builders', value: 'builders' },
          { label: 'Leaders', value: 'leaders' },
        ],
      },
    },
    { type: 'consent', key: 'terms', label: 'I agree to the terms', validate: { required: true } },
    { type: 'hidden', key: 'utm_source', label: 'utm_source' },
  ],
};

describe('RegistrationForm', () => {
  it('asks the base fields then the components, hides hidden fields and marks required ones', () => {
    renderWidget(<RegistrationForm form={form} onSubmit={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveProperty('required', true);
    expect(screen.getByRole('textbox', { name: /Company size/ })).toHaveProperty('required', true);
    expect(screen.getByRole('radio', { name: 'Leaders' })).toBeTruthy();
    expect(screen.queryByText('utm_source')).toBeNull();
  });

  it('refuses answers by the server’s rules, then sends the checked answers with hidden values', async () => {
    const onSubmit = vi.fn();
    renderWidget(
      <RegistrationForm form={form} onSubmit={onSubmit} initialValues={{ utm_source: 'newsletter' }} />,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3);

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ADA@example.com');
    await user.type(screen.getByRole('textbox', { name: /Company size/ }), '50');
    await user.click(screen.getByRole('radio', { name: 'Builders' }));
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Fran');
    await user.click(await screen.findByRole('option', { name: 'France', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        company_size: '50',
        country: 'FR',
        track: 'builders',
        terms: true,
        utm_source: 'newsletter',
      }),
    );
  });
});
