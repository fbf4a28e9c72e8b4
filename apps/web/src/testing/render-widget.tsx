import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** One widget inside the studio's theme, without router or data. */
export function renderWidget(widget: ReactElement) {
  return render(<MantineProvider>{widget}</MantineProvider>);
}
