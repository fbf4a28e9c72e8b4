import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { TextField, lengthCounter, type TextFieldType } from './text-field.tsx';

function Field({ initial, type, maxLength }: { initial: string; type?: TextFieldType; maxLength?: number }) {
  const [value, setValue] = useState(initial);
  return <TextField label="Name" type={type} value={value} onChange={setValue} maxLength={maxLength} />;
}

describe('lengthCounter', () => {
  it.each<[number, number | undefined, string | null]>([
    [0, 100, null],
    [89, 100, null],
    [90, 100, '90/100'],
    [100, 100, '100/100'],
    [0, 10, '0/10'],
    [5, undefined, null],
  ])('%i of %s → %s', (length, max, expected) => {
    expect(lengthCounter(length, max)).toBe(expected);
  });
});

describe('TextField', () => {
  it('grows in a row by its flex: the field with its counter is what the row lays out', () => {
    const { container } = renderWidget(<TextField label="Name" value="" onChange={() => {}} flex={1} />);
    const field = container.querySelector('.mantine-TextInput-root')!.parentElement!;
    expect(field.style.flex).toBe('1 1 0%');
  });

  it('shows the counter only within ten characters of the limit', () => {
    renderWidget(<Field initial={'a'.repeat(89)} maxLength={100} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.queryByText(/\/100$/)).toBeNull();

    fireEvent.change(input, { target: { value: 'a'.repeat(90) } });
    expect(screen.getByText('90/100')).toBeTruthy();
    expect(input.getAttribute('maxlength')).toBe('100');

    fireEvent.change(input, { target: { value: 'a'.repeat(50) } });
    expect(screen.queryByText(/\/100$/)).toBeNull();
  });

  it.each<[TextFieldType, string]>([
    ['email', 'email'],
    ['number', 'number'],
    ['text', 'text'],
  ])('renders a %s input', (type, attribute) => {
    renderWidget(<Field initial="" type={type} />);
    expect(screen.getByLabelText('Name').getAttribute('type')).toBe(attribute);
  });

  it('renders a password input that hides the text', () => {
    renderWidget(<Field initial="Secret#1" type="password" maxLength={40} />);
    expect(screen.getByLabelText('Name').getAttribute('type')).toBe('password');
    expect(screen.queryByText('8/40')).toBeNull();
  });
});
