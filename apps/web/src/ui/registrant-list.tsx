import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ServerListBody } from './server-list.tsx';

/**
 * A page of registrants (an event's, a series'): its failure, loading, no match for the filters,
 * 'No registrants yet' with where they come from and the way to add one, or the rows and pages.
 */
export function RegistrantListBody({
  list,
  listPage,
  pageSize,
  failure,
  filtering,
  whereFrom,
  add,
  children,
}: Pick<Parameters<typeof ServerListBody>[0], 'list' | 'pageSize' | 'failure' | 'filtering' | 'children'> & {
  /** The page's address state and its page turner (useListPage). */
  listPage: { state: { page: number }; setPage: (page: number) => void };
  /** Where the registrants come from, said while there are none. */
  whereFrom: string;
  /** The button that adds one. */
  add: ReactNode;
}) {
  return (
    <ServerListBody
      list={list}
      failure={failure}
      loadingLabel="Loading registrants"
      filtering={filtering}
      noMatch="No registrant matches these filters."
      emptyState={<EmptyState title="No registrants yet" message={whereFrom} action={add} />}
      pageSize={pageSize}
      page={listPage.state.page}
      onPage={listPage.setPage}
    >
      {children}
    </ServerListBody>
  );
}
