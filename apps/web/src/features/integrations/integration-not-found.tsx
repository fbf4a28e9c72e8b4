import { IconPlugConnectedX } from '@tabler/icons-react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';

/**
 * An integration type the studio does not know, in an address (…/integration/nosuch/settings,
 * /integrations/applications/nosuch/settings), or an object it does not map for the application
 * (…/field-mapping/Opportunity, `object`): not found, with the way back to `back`.
 */
export function IntegrationNotFound({
  back,
  object,
}: {
  back: { href: string; label: string };
  object?: { application: string; name: string };
}) {
  return (
    <EmptyState
      title={object ? 'CRM object not found' : 'Integration not found'}
      message={
        object
          ? `${object.application} has no ${object.name} object the studio maps; the address may be wrong.`
          : 'There is no such integration; the address may be wrong.'
      }
      icon={<IconPlugConnectedX size={26} aria-hidden />}
      action={<HrefLink href={back.href}>{back.label}</HrefLink>}
    />
  );
}
