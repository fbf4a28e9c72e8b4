import { Box } from '@mantine/core';
import { PageHeader } from '../../ui/page-header.tsx';
import { useStudioRoute } from '../../ui/studio-route.ts';

/** A page of an area not built yet: its title and nothing invented. */
export function PlaceholderPage() {
  const title = useStudioRoute()?.title ?? '';
  return (
    <Box p="md">
      <PageHeader title={title} />
    </Box>
  );
}
