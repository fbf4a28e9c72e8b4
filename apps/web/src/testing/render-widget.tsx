import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** One widget inside the studio's theme, without router or data. */
export function renderWidget(widget: ReactElement) {
  return render(<MantineProvider>{widget}</MantineProvider>);
}

/** One widget inside the studio's theme with a query client of its own (no retries), without router. */
export function renderWithData(widget: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{widget}</QueryClientProvider>
    </MantineProvider>,
  );
}
