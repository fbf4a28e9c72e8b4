import { useParams } from '@tanstack/react-router';

/** One path parameter of the page on screen (`$name` in the route table), decoded; '' when absent. */
export function useRouteParam(name: string): string {
  return useParams({
    strict: false,
    select: (params) => (params as Readonly<Record<string, string | undefined>>)[name] ?? '',
  });
}
