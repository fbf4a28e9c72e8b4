import { IconPlugConnectedX } from '@tabler/icons-react';
import { NotFound } from '../../ui/empty-state.tsx';

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
    <NotFound
      title={object ? 'CRM object not found' : 'Integration not found'}
      back={back}
      message={
        object
          ? `${object.application} has no ${object.name} object the studio maps; the address may be wrong.`
          : 'There is no such integration; the address may be wrong.'
      }
      icon={<IconPlugConnectedX size={26} aria-hidden />}
    />
  );
}
