import {
  partialMatchKey,
  useMutation,
  useQueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import { showToast } from '../ui/toast.ts';
import { failureMessage } from './api-error.ts';

export interface StudioMutation<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Query roots (from `queryKeys`) refreshed once the change is saved. */
  invalidates?: readonly QueryKey[];
  /**
   * The queries of what the change deleted (its own read, its sub-lists; a key drops every query
   * under it). They are left out of the refresh (the deleted item's would answer 404) and dropped
   * once the screen has done what it does next: dropped while its screen still shows them, the
   * screen's next render would ask for them again.
   */
  removes?: (data: TData, variables: TVariables) => readonly QueryKey[];
  /** The success toast, if the spec gives one. */
  successToast?: string | ((data: TData, variables: TVariables) => string);
  /** The failure toast; by default the API's own message (spec 000 §8). */
  failureToast?: string | ((error: unknown, variables: TVariables) => string);
  /** Shows a failure on the screen (a field error) instead of the toast. */
  onFailure?: (error: unknown, variables: TVariables) => void;
  /** What the screen does next (close a dialog, open a page), after the refresh. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
}

/**
 * A change through the API with the studio's conventions: a success toast, the entities it
 * touches refreshed everywhere they show, and the failure's message as an error toast. Each
 * feature's api file builds its mutation hooks on this; components only call them.
 */
export function useStudioMutation<TData, TVariables = void>(options: StudioMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      const { successToast } = options;
      if (successToast)
        showToast(typeof successToast === 'string' ? successToast : successToast(data, variables), 'success');
      const removed = options.removes?.(data, variables) ?? [];
      const isRemoved = (query: Query) => removed.some((key) => partialMatchKey(query.queryKey, key));
      for (const queryKey of removed) await queryClient.cancelQueries({ queryKey });
      await Promise.all(
        (options.invalidates ?? []).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => !isRemoved(query) }),
        ),
      );
      try {
        await options.onSuccess?.(data, variables);
      } finally {
        for (const queryKey of removed) queryClient.removeQueries({ queryKey });
      }
    },
    onError: (error, variables) => {
      if (options.onFailure) return options.onFailure(error, variables);
      const { failureToast } = options;
      const message =
        failureToast === undefined
          ? failureMessage(error)
          : typeof failureToast === 'string'
            ? failureToast
            : failureToast(error, variables);
      showToast(message, 'error');
    },
  });
}
