import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { SelectField } from './select-field.tsx';

describe('SelectField', () => {
  it("says 'No options found!' when there is nothing to choose", async () => {
    renderWidget(<SelectField label="Person" options={[]} value={null} onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    expect(await screen.findByText('No options found!')).toBeTruthy();
  });

  it("says 'No options found!' when the search matches nothing, and offers matches otherwise", async () => {
    const onChange = vi.fn();
    renderWidget(
      <SelectField
        label="Person"
        options={[
          { value: 'u1', label: 'Ada Lovelace', subLabel: 'ada@example.com' },
          { value: 'u2', label: 'Grace Hopper', subLabel: 'grace@example.com' },
        ]}
        value={null}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Person' });
    await userEvent.type(input, 'zz');
    expect(await screen.findByText('No options found!')).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'gra');
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    await userEvent.click(screen.getByText('Grace Hopper'));
    expect(onChange).toHaveBeenCalledWith('u2', expect.objectContaining({ value: 'u2' }));
  });
});
