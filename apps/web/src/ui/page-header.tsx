import { Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { useNarrowScreen } from './narrow-screen.ts';

/**
 * The level of the page titles below: 1 on an organisation's page; 2 inside an event's (series',
 * template's) workspace, whose header is the page's one h1 — each sub-page's title is its h2.
 */
const PageHeadingLevel = createContext<TitleOrder>(1);

/** The titles of the pages inside it are headings of this level (the workspace: 2, under its h1). */
export function PageHeadingLevelProvider({ level, children }: { level: TitleOrder; children: ReactNode }) {
  return <PageHeadingLevel.Provider value={level}>{children}</PageHeadingLevel.Provider>;
}

/** The heading level of a page's own title where it is shown (1, or 2 inside a workspace). */
export const usePageHeadingLevel = (): TitleOrder => useContext(PageHeadingLevel);

interface PageHeaderProps {
  title: string;
  /** One sentence on what the page is for. */
  description?: ReactNode;
  /** The page's primary action (and any others), beside the title; wraps under it when short of room. */
  actions?: ReactNode;
  /** Badges or facts beside the title (type, status). */
  badges?: ReactNode;
}

/**
 * The one header of every studio page: title and actions on one row (the actions wrap under the
 * title when short of room, as on a phone), then the description across the whole width, never
 * squeezed into a column beside the actions. Its title is the page's h1, or inside an event's
 * workspace (PageHeadingLevelProvider) an h2 under the workspace header's h1, the same size.
 */
export function PageHeader({ title, description, actions, badges }: PageHeaderProps) {
  const level = usePageHeadingLevel();
  // A phone: a smaller title and gap, so the page's content starts higher.
  const narrow = useNarrowScreen();
  return (
    <Stack gap={4} mb={narrow ? 'sm' : 'lg'} miw={0}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="xs" wrap="wrap" miw={0}>
          {/* A long unbroken name (255 letters, no space) breaks within the page's width: else the
              page grows thousands of pixels wide and pushes the actions off a phone's screen. */}
          <Title order={level} size={narrow ? 'h3' : 'h2'} maw="100%" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges}
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
  );
}
