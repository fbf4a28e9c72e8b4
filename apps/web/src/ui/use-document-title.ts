import { useEffect } from 'react';

/** Sets the browser tab's title; leaves it as it is while `title` is undefined. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}
