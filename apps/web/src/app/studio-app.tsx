import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Studio } from './studio.ts';
import { studioTheme } from './theme.ts';

const ToastContainer = lazy(() =>
  import('./toast-container.tsx').then((module) => ({ default: module.ToastContainer })),
);

/** The toasts' container and its styles load with the first toast, not with the first screen. */
function Toasts() {
  const shown = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(shown);
  if (shown && !needed) setNeeded(true);
  return (
    needed && (
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
    )
  );
}

export function StudioApp({ studio }: { studio: Studio }) {
  return (
    <MantineProvider defaultColorScheme="auto" theme={studioTheme}>
      <Toasts />
      <QueryClientProvider client={studio.queryClient}>
        <RouterProvider router={studio.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
