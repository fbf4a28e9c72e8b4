import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { ServerListBody } from './server-list.tsx';

type ServerList<Item> = Parameters<typeof ServerListBody>[0]['list'] & {
  data?: { count: number; results: readonly Item[] } | undefined;
};

/**
 * A paged server list shown as cards (an event's webhooks, its Slack notifications): what the
 * list does and its create button, then its states (failure, loading, empty) or a card per item.
 */
export function CardList<Item>({
  intro,
  icon: ItemIcon,
  create,
  list,
  failure,
  loadingLabel,
  empty,
  pageSize,
  page,
  onPage,
  card,
  children,
}: {
  intro: string;
  /** The items' icon, on the create button and the empty state. */
  icon: Icon;
  create: { label: string; onClick: () => void };
  list: ServerList<Item>;
  failure: string;
  loadingLabel: string;
  empty: { title: string; message: string };
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  card: (item: Item) => ReactNode;
  /** The list's dialogs. */
  children?: ReactNode;
}) {
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={560}>
          {intro}
        </Text>
        <Button leftSection={<ItemIcon size={16} aria-hidden />} onClick={create.onClick}>
          {create.label}
        </Button>
      </Group>
      <ServerListBody
        list={list}
        failure={failure}
        loadingLabel={loadingLabel}
        emptyState={<EmptyState {...empty} icon={<ItemIcon size={26} aria-hidden />} />}
        pageSize={pageSize}
        page={page}
        onPage={onPage}
      >
        <Stack>{list.data?.results.map(card)}</Stack>
      </ServerListBody>
      {children}
    </Stack>
  );
}

/**
 * One card of a CardList: its title (and what it is called to assistive technology), an on/off
 * switch beside the header's actions, why it is not working, the kinds it takes, then `children`.
 */
export function ListCard({
  label,
  subtitle,
  active,
  switchLabel,
  onActive,
  switching,
  actions,
  warning,
  kinds,
  children,
}: {
  label: string;
  subtitle?: string | null | undefined;
  active: boolean;
  switchLabel: string;
  onActive: (active: boolean) => void;
  switching: boolean;
  actions?: ReactNode;
  warning: { title: string; text: string | null };
  kinds: { label: string; items: { key: string; label: string }[] };
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" component="article" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2} miw={0} flex={1}>
            <Title order={3} size="h5" style={{ wordBreak: 'break-all' }}>
              {label}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Switch
              label={active ? 'On' : 'Off'}
              aria-label={switchLabel}
              checked={active}
              disabled={switching}
              onChange={(change) => onActive(change.currentTarget.checked)}
            />
            {actions}
          </Group>
        </Group>
        {warning.text && (
          <Alert color="orange" title={warning.title}>
            {warning.text}
          </Alert>
        )}
        <Group gap={6} aria-label={kinds.label} role="list">
          {kinds.items.map((kind) => (
            <Badge key={kind.key} variant="light" role="listitem">
              {kind.label}
            </Badge>
          ))}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
