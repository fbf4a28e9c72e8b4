import { Paper, SimpleGrid, Text } from '@mantine/core';
import { HrefLink } from './href-link.tsx';

export interface LinkCard {
  href: string;
  title: string;
  /** What is behind the link, in a sentence. */
  text: string;
}

/** An area's index: a card a page it holds, its title the link and a sentence under it. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {cards.map((card) => (
        <Paper key={card.href} withBorder p="md">
          <HrefLink href={card.href} fw={600}>
            {card.title}
          </HrefLink>
          <Text size="sm" c="dimmed" mt={4}>
            {card.text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
