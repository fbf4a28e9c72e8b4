import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card in the middle of an otherwise empty page, for sign-in and set-up screens. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
