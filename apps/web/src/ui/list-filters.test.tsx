import { Select } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { onPhone, onWideScreen } from '../testing/narrow-screen.ts';
import { countActiveFilters, ListFilters } from './list-filters.tsx';

afterEach(onWideScreen);

const toolbar = (activeCount: number) => (
  <ListFilters activeCount={activeCount} search={<input aria-label="Search" />}>
    {(width) => <Select aria-label="Type" data={['All', 'Webinar']} value="Webinar" w={width(200)} />}
  </ListFilters>
);

describe('list filters (issue 13 lists)', () => {
  it('shows the filters in the row on a wide screen', () => {
    renderWidget(toolbar(1));
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('folds the filters into a drawer on a phone, the button counting the active ones', async () => {
    onPhone();
    renderWidget(toolbar(2));
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Filters (2 active)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('combobox', { name: 'Type' })).toBeTruthy();
  });

  it('names the button plainly when no filter is active', () => {
    onPhone();
    renderWidget(toolbar(0));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('counts the filters that differ from their defaults, lists when not empty', () => {
    const defaults = { type: 'All', tags: [] as string[], sort: 'date' };
    expect(
      countActiveFilters({ type: 'Webinar', tags: ['a'], sort: 'title' }, defaults, ['type', 'tags']),
    ).toBe(2);
    expect(countActiveFilters(defaults, defaults, ['type', 'tags'])).toBe(0);
  });
});
