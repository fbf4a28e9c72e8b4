import {
  Alert,
  DEFAULT_THEME,
  Drawer,
  getPrimaryShade,
  MantineProvider,
  mergeMantineTheme,
  Modal,
  Notification,
} from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { studioCssVariables, studioTheme } from './theme.ts';

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
});

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(one: string, other: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("the studio theme's text colours on white (WCAG AA, 4.5:1)", () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, studioTheme);
  const light = studioCssVariables(theme).light;
  const shade = (variable: string) => {
    const [, color, index] = /var\(--mantine-color-(\w+)-(\d)\)/.exec(variable) ?? [];
    return color ? theme.colors[color]![Number(index)]! : variable;
  };

  it('meets it for filled buttons, links and breadcrumbs (the primary colour)', () => {
    const primary = theme.colors[theme.primaryColor]![getPrimaryShade(theme, 'light')];
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['--mantine-color-dimmed', '--mantine-color-error'] as const)('meets it for %s', (variable) => {
    expect(contrast(shade(light[variable]!), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
