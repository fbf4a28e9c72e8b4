import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';

/** A Content Lab video or saved search the address names but that does not exist: the way back. */
export function ContentLabNotFound({ title }: { title: string }) {
  return <EmptyState title={title} message={<HrefLink href="/content">Back to Content Lab</HrefLink>} />;
}
