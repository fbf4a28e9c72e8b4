import { useEffect } from 'react';
import { showToast } from '../../ui/toast.ts';

/** Shows `message` as an error toast each time `failed` turns true (a list that failed to load). */
export const useFailureToast = (failed: boolean, message: string) =>
  useEffect(() => {
    if (failed) showToast(message, 'error');
  }, [failed, message]);
