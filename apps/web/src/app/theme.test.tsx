import {
  Alert,
  DEFAULT_THEME,
  Drawer,
  getPrimaryShade,
  Loader,
  MantineProvider,
  mergeMantineTheme,
  Modal,
  Notification,
} from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST } from '@studio/domain';
import { markedBackgrounds, studioCssVariables, studioTheme } from './theme.ts';

const inStudio = (widget: ReactElement) =>
  render(<MantineProvider theme={studioTheme}>{widget}</MantineProvider>);
const nothing = () => undefined;

describe('the studio theme', () => {
  it.each([
    ['a drawer', <Drawer key="drawer" opened onClose={nothing} title="Alert centre" />],
    ['a dialog', <Modal key="modal" opened onClose={nothing} title="Track" />],
    ['a toast', <Notification key="toast">Email template created</Notification>],
    ['an alert', <Alert key="alert" withCloseButton title="Heads up" />],
  ])('names the close button of %s "Close"', (_, widget) => {
    inStudio(widget);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps a close label a drawer gives itself', () => {
    inStudio(
      <Drawer
        opened
        onClose={nothing}
        title="Speaker"
        closeButtonProps={{ 'aria-label': 'Close the speaker drawer' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Close the speaker drawer' })).toBeTruthy();
  });

  it('reads a spinner out as a status with its label', () => {
    inStudio(<Loader aria-label="Loading events" />);
    expect(screen.getByRole('status', { name: 'Loading events' })).toBeTruthy();
  });
});

describe("the studio theme's text colours (WCAG AA, 4.5:1)", () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, studioTheme);
  const light = studioCssVariables(theme).light;
  const valueOf = (variable: string) => {
    const [, color, index] = /var\(--mantine-color-(\w+)-(\d)\)/.exec(variable) ?? [];
    return color ? theme.colors[color]![Number(index)]! : variable;
  };

  it('meets it for filled buttons, links and breadcrumbs (the primary colour)', () => {
    const primary = theme.colors[theme.primaryColor]![getPrimaryShade(theme, 'light')];
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('meets it for --mantine-color-error', () => {
    expect(contrastRatio(valueOf(light['--mantine-color-error']!), '#ffffff')).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it.each(['--mantine-color-dimmed', '--mantine-color-anchor'] as const)(
    'meets it for %s on white and on the light shades that mark a chosen row, card or note',
    (variable) => {
      const backgrounds = markedBackgrounds(theme);
      expect(backgrounds).toEqual(
        expect.arrayContaining(['#ffffff', theme.colors.indigo[1], theme.colors.yellow[1]]),
      );
      for (const background of backgrounds)
        expect(contrastRatio(light[variable]!, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    },
  );

  it.each(Object.keys(DEFAULT_THEME.colors))(
    'meets it for %s text and outline badges on white, and on its light badges, alerts and buttons (hovered too)',
    (name) => {
      for (const kind of ['text', 'outline'])
        expect(contrastRatio(light[`--mantine-color-${name}-${kind}`]!, '#ffffff')).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      for (const shade of [1, 2])
        expect(
          contrastRatio(light[`--mantine-color-${name}-light-color`]!, theme.colors[name]![shade]!),
        ).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    },
  );
});
