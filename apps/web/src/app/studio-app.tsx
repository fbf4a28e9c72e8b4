import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { Studio } from './studio.ts';
import { studioCssVariables, studioTheme } from './theme.ts';

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

/** `env="test"` (the tests' studio) renders Mantine's menus and modals at once, in place. */
export function StudioApp({ studio, env }: { studio: Studio; env?: 'test' }) {
  return (
    <MantineProvider
      defaultColorScheme="auto"
      theme={studioTheme}
      cssVariablesResolver={studioCssVariables}
      env={env}
    >
      <Toasts />
      <QueryClientProvider client={studio.queryClient}>
        <RouterProvider router={studio.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
