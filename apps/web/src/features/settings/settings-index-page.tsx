import { Anchor, List } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SettingsFrame, useSettingsSections } from './settings-frame.tsx';

/** /settings-new: the settings sections this member may open. */
export function SettingsIndexPage() {
  const sections = useSettingsSections();
  return (
    <SettingsFrame title="Settings" sectionTabs={false}>
      <List>
        {sections.map((section) => (
          <List.Item key={section.path}>
            <Anchor component={Link} to={section.path}>
              {section.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </SettingsFrame>
  );
}
