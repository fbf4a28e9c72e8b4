import { formatCount } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { Avatar, AVATAR_PALETTE, avatarColor, initialsOf } from './avatar.tsx';
import { CalendarPicker, isBeforeToday, selectedRange } from './calendar-picker.tsx';
import { formatDate, formatDateTime, todayIn } from './formats.ts';
import { MultiSelectField, validOptions } from './multi-select-field.tsx';
import { PageHeader } from './page-header.tsx';
import { DIALOG_SIZES, DIALOG_WIDTHS, StudioDialog } from './studio-dialog.tsx';

describe('dialog (spec 000 §2)', () => {
  it('has the spec sizes', () => {
    expect(DIALOG_SIZES).toEqual(['xsmall', 'small', 'medium', 'large', 'xlarge', '2xlarge', 'h-fit']);
    expect(DIALOG_WIDTHS['h-fit']).toBe('auto');
    const widths = DIALOG_SIZES.filter((size) => size !== 'h-fit').map(
      (size) => DIALOG_WIDTHS[size] as number,
    );
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
  });

  it("asks 'Are you sure you want to close this dialog?' before closing a prevent-close dialog", async () => {
    const onClose = vi.fn();
    renderWidget(
      <StudioDialog opened onClose={onClose} title="Upload Video" preventClose>
        <p>Uploading…</p>
      </StudioDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Are you sure you want to close this dialog?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Close',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once without prevent-close', async () => {
    const onClose = vi.fn();
    renderWidget(
      <StudioDialog opened onClose={onClose} title="Rename" size="small">
        <p>Body</p>
      </StudioDialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });
});

describe('avatar (spec 000 §2, §9)', () => {
  it('has 70 distinct colours and picks one by the first letter of the name', () => {
    expect(AVATAR_PALETTE).toHaveLength(70);
    expect(new Set(AVATAR_PALETTE).size).toBe(70);
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('alan turing'));
    expect(avatarColor('Ada')).toBe(AVATAR_PALETTE['A'.charCodeAt(0) % 70]);
    expect(avatarColor('Ada')).not.toBe(avatarColor('Grace'));
    expect(avatarColor('')).toBe(AVATAR_PALETTE[0]);
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('grace')).toBe('G');
  });

  it('comes in sizes xs to xl', () => {
    renderWidget(
      <>
        {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
          <Avatar key={size} name={`Size ${size}`} size={size} />
        ))}
      </>,
    );
    expect(
      screen.getAllByText('SX').length +
        screen.getAllByText('SS').length +
        screen.getAllByText('SM').length +
        screen.getAllByText('SL').length,
    ).toBe(5);
    expect(screen.getByLabelText('Size xl').getAttribute('data-size')).toBe('xl');
  });
});

describe('calendar picker (spec 000 §2, §5)', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('disables days before today in the given time zone', () => {
    // 03:00 UTC is still the 21st in New York.
    expect(todayIn('America/New_York', now)).toBe('2026-11-21');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-22');
    expect(isBeforeToday('2026-11-21', 'Asia/Tokyo', now)).toBe(true);
    expect(isBeforeToday('2026-11-21', 'America/New_York', now)).toBe(false);
  });

  it('selects a range of durationDays days from the picked one', () => {
    expect(selectedRange('2026-11-29', 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(selectedRange(null, 3)).toEqual([]);
  });

  it('shows month arrows, disables past days and picks a day', async () => {
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <>
          <CalendarPicker
            value={value}
            onChange={setValue}
            timeZone="Asia/Tokyo"
            durationDays={2}
            now={now}
          />
          <output>{value ?? 'none'}</output>
        </>
      );
    }
    renderWidget(<Harness />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
    const day = (label: string) => screen.getByRole('button', { name: label });
    expect((day('21 November 2026') as HTMLButtonElement).disabled).toBe(true);
    expect((day('22 November 2026') as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(day('24 November 2026'));
    expect(screen.getByText('2026-11-24')).toBeTruthy();
    expect(day('25 November 2026').getAttribute('data-in-range')).toBe('true');
    expect(day('26 November 2026').getAttribute('data-in-range')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('December 2026')).toBeTruthy();
    expect((day('1 December 2026') as HTMLButtonElement).disabled).toBe(false);
  });

  it('clears the selection when the picked day is clicked again, if deselection is allowed', async () => {
    function Harness() {
      const [value, setValue] = useState<string | null>('2026-11-24');
      return (
        <>
          <CalendarPicker value={value} onChange={setValue} allowDeselect now={now} />
          <output>{value ?? 'none'}</output>
        </>
      );
    }
    renderWidget(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: '24 November 2026' }));
    expect(screen.getByText('none')).toBeTruthy();
  });
});

describe('multi-select (spec 000 §2, §5)', () => {
  it("leaves out options without a value or label and says 'No options found!' when nothing matches", async () => {
    expect(
      validOptions([
        { value: '', label: 'x' },
        { value: 'a', label: ' ' },
        { value: 'b', label: 'B' },
      ]),
    ).toEqual([{ value: 'b', label: 'B' }]);
    const onChange = vi.fn();
    renderWidget(
      <MultiSelectField
        label="Source"
        options={[{ value: 'UPLOAD', label: 'Manual Upload' }]}
        value={[]}
        onChange={onChange}
      />,
    );
    const input = screen
      .getAllByLabelText('Source')
      .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!;
    await userEvent.type(input, 'zz');
    expect(await screen.findByText('No options found!')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.click(await screen.findByText('Manual Upload'));
    expect(onChange).toHaveBeenCalledWith(['UPLOAD']);
  });

  it('prompts with its placeholder only while nothing is chosen', async () => {
    function Teams() {
      const [chosen, setChosen] = useState<string[]>([]);
      return (
        <MultiSelectField
          label="Teams"
          placeholder="Choose teams"
          options={[{ value: 't-1', label: 'Marketing' }]}
          value={chosen}
          onChange={setChosen}
        />
      );
    }
    renderWidget(<Teams />);
    const input = screen.getByPlaceholderText('Choose teams');
    await userEvent.click(input);
    await userEvent.click(await screen.findByText('Marketing'));
    expect(input.getAttribute('placeholder')).toBeNull();
    // A chosen value's × is a button named for it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Marketing' }));
    expect(input.getAttribute('placeholder')).toBe('Choose teams');
  });
});

describe('page header', () => {
  it('puts the actions beside the title and the description on a row of its own, across the width', () => {
    renderWidget(
      <PageHeader
        title="Registrants"
        description="Everyone registered for the event."
        actions={['Import', 'Export', 'Add'].map((label) => (
          <button key={label}>{label}</button>
        ))}
      />,
    );
    const title = screen.getByRole('heading', { name: 'Registrants' });
    const action = screen.getByRole('button', { name: 'Import' });
    let row = title.parentElement;
    while (row && !row.contains(action)) row = row.parentElement;
    // The row holding the title and the actions does not hold the description.
    expect(row?.contains(screen.getByText('Everyone registered for the event.'))).toBe(false);
  });

  it('breaks a long unbroken title within the width instead of widening the page', () => {
    const name = 'x'.repeat(255);
    renderWidget(<PageHeader title={name} actions={<button>Save</button>} />);
    const title = screen.getByRole('heading', { name });
    expect(title.style.overflowWrap).toBe('anywhere');
    // The row around the title gives way too (a flex item keeps its content's width unless told).
    expect(title.parentElement?.style.minWidth).toMatch(/^0(px|rem)?$/);
  });
});

describe('formats (spec 000 §9)', () => {
  it("shows dates as 'MMM D, YYYY' and date-times as 'MMM D, YYYY, h:mm A z'", () => {
    expect(formatDate('2026-11-22T15:04:00Z', 'UTC')).toBe('Nov 22, 2026');
    expect(formatDateTime('2026-11-22T15:04:00Z', 'America/New_York')).toBe('Nov 22, 2026, 10:04 AM GMT-5');
    expect(formatDate(null)).toBe('-');
  });

  it('shows numbers under 10000 whole', () => {
    expect([0, 42, 9999, 10_000, 12_345, 1_500_000].map(formatCount)).toEqual([
      '0',
      '42',
      '9999',
      '10K',
      '12.3K',
      '1.5M',
    ]);
  });
});
