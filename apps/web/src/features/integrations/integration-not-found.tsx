import { IconPlugConnectedX } from '@tabler/icons-react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';

/**
 * An integration type the studio does not know, in an address (…/integration/nosuch/settings,
 * /integrations/applications/nosuch/settings): not found, with the way back to `back`.
 */
export function IntegrationNotFound({ back }: { back: { href: string; label: string } }) {
  return (
    <EmptyState
      title="Integration not found"
      message="There is no such integration; the address may be wrong."
      icon={<IconPlugConnectedX size={26} aria-hidden />}
      action={<HrefLink href={back.href}>{back.label}</HrefLink>}
    />
  );
}
