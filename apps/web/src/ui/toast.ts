import { notifications, notificationsStore } from '@mantine/notifications';
import { useEffect } from 'react';

/** Spec 002 §9: toasts last 6000 ms; at most 3 are kept and the oldest is dropped. */
export const TOAST_DURATION_MS = 6000;
export const TOAST_LIMIT = 3;

export type ToastTone = 'success' | 'error' | 'info';

const toneColors: Record<ToastTone, string> = { success: 'teal', error: 'red', info: 'blue' };

let toastSequence = 0;

/** A toast; `durationMs` for the few the spec keeps longer (002 §9: the registration toast, 20000 ms). */
export function showToast(message: string, tone: ToastTone = 'info', durationMs?: number): void {
  toastSequence += 1;
  const toast = {
    id: `toast-${toastSequence}`,
    message,
    color: toneColors[tone],
    ...(durationMs === undefined ? {} : { autoClose: durationMs }),
  };
  notifications.updateState(notificationsStore, (shown) => [...shown, toast].slice(-TOAST_LIMIT));
}

/** Toasts `message` as an error once each time `failed` turns true (a load that failed). */
export function useFailureToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) showToast(message, 'error');
  }, [failed, message]);
}
