import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../ui/toast.ts';
import type { Studio } from './studio.ts';
import { studioTheme } from './theme.ts';

export function StudioApp({ studio }: { studio: Studio }) {
  return (
    <MantineProvider defaultColorScheme="auto" theme={studioTheme}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} />
      <QueryClientProvider client={studio.queryClient}>
        <RouterProvider router={studio.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
