import { domainMessages } from '@studio/domain';
import { DomainsPanel } from '../features/domains/domains-panel.tsx';
import { SettingsFrame, useMember } from '../features/settings/settings-frame.tsx';

/** /settings-new/domains: the domains feature inside the settings frame (its section tabs). */
export function DomainsRoute() {
  const { organizationId } = useMember();
  return (
    <SettingsFrame title={domainMessages.title}>
      <DomainsPanel organizationId={organizationId} />
    </SettingsFrame>
  );
}
