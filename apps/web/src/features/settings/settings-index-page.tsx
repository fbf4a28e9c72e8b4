import { LinkCards } from '../../ui/link-cards.tsx';
import { SettingsFrame, useSettingsSections } from './settings-frame.tsx';

/** /settings-new: the settings sections this member may open, each with what it holds. */
export function SettingsIndexPage() {
  const sections = useSettingsSections();
  return (
    <SettingsFrame title="Settings" sectionTabs={false}>
      <LinkCards
        cards={sections.map((section) => ({
          href: section.path,
          title: section.label,
          text: section.description,
        }))}
      />
    </SettingsFrame>
  );
}
