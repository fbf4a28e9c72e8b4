import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { paths } from '@studio/domain';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The product's mark and name, leading home. */
export function ProductMark() {
  return (
    <Anchor component={Link} to={paths.orgHome} underline="never" c="inherit" aria-label="Event Studio home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={30}
          radius="md"
          variant="gradient"
          gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
        >
          <IconBroadcast size={18} aria-hidden />
        </ThemeIcon>
        <Text fw={700} size="lg" visibleFrom="xs">
          Event Studio
        </Text>
      </Group>
    </Anchor>
  );
}
