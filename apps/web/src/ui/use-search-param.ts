import { useLocation } from '@tanstack/react-router';

/** One query parameter of the current address, as written in it. */
export function useSearchParam(name: string): string | null {
  return useLocation({ select: (location) => new URLSearchParams(location.searchStr).get(name) });
}
