import { Alert, Drawer, MantineProvider, Modal, Notification } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { studioTheme } from './theme.ts';

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
