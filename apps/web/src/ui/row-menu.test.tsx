import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone, onWideScreen } from '../testing/narrow-screen.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { RowActions, RowMenu } from './row-menu.tsx';

const actions = (onRename = vi.fn()) => [
  { label: 'Rename', onClick: onRename },
  { label: 'Delete', danger: true, onClick: vi.fn() },
];

describe("a list row's actions", () => {
  afterEach(onWideScreen);

  it('are buttons on a wide screen', () => {
    renderWidget(<RowActions label="More actions for Sales" actions={actions()} />);
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions for Sales' })).toBeNull();
  });

  it('fold into one menu named for the row on a phone, each still doing its work', async () => {
    onPhone();
    const onRename = vi.fn();
    renderWidget(<RowActions label="More actions for Sales" actions={actions(onRename)} />);
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Sales' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Rename', 'Delete']);
    await userEvent.click(items[0]!);
    expect(onRename).toHaveBeenCalledOnce();
  });

  it('keep a lone action a button on a phone', () => {
    onPhone();
    renderWidget(<RowActions label="More actions for Sales" actions={actions().slice(0, 1)} />);
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions for Sales' })).toBeNull();
  });
});

describe("a row's dots menu", () => {
  it('keeps a tap target of 24 px or more even when small, and names its menu as its button', async () => {
    renderWidget(<RowMenu dots="sm" label="Actions of Opening keynote" items={actions()} />);
    const button = screen.getByRole('button', { name: 'Actions of Opening keynote' });
    // Mantine's `md` icon button is 28 px; `sm` (22 px) was under WCAG 2.2's 24 px minimum.
    expect(button.dataset.size).toBe('md');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(menu.getAttribute('aria-label')).toBe('Actions of Opening keynote');
  });
});
