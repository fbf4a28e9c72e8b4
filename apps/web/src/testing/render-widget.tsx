import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * The studio's theme as the tests' studio has it (`env="test"`): menus and modals render at once,
 * in place. Without it a menu hid itself once its position was measured (jsdom lays nothing out, so
 * its button measured as off screen), and a test found its items only if it looked first.
 */
export function TestTheme({ children }: { children: ReactElement }) {
  return <MantineProvider env="test">{children}</MantineProvider>;
}

/** One widget inside the studio's theme, without router or data. */
export function renderWidget(widget: ReactElement) {
  return render(<TestTheme>{widget}</TestTheme>);
}

/** One widget inside the studio's theme with a query client of its own (no retries), without router. */
export function renderWithData(widget: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestTheme>
      <QueryClientProvider client={client}>{widget}</QueryClientProvider>
    </TestTheme>,
  );
}
