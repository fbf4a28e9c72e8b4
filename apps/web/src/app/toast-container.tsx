import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../ui/toast.ts';

/** The toasts on screen (spec 002 §9) with their styles: loaded with the first toast (studio-app.tsx). */
export function ToastContainer() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} />;
}
