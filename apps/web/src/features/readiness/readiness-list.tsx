import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { READINESS_AREAS, type ReadinessArea, type ReadinessWarning } from '@studio/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { HrefLink } from '../../ui/href-link.tsx';
import { useReadiness, type ReadinessSubject } from './readiness-api.ts';

const AREA_TITLES: Record<ReadinessArea, string> = {
  agenda: 'Agenda',
  people: 'People',
  media: 'Media',
  simulive: 'Simulive',
  email: 'Email',
  series: 'Series',
};

function Warning({ warning }: { warning: ReadinessWarning }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="listitem">
      <IconAlertTriangle
        size={16}
        color="var(--mantine-color-orange-6)"
        aria-hidden
        style={{ flexShrink: 0 }}
      />
      <Stack gap={0}>
        {/* Titles and names come from organisers and attendees: text only. */}
        <Text size="sm">{warning.message}</Text>
        {warning.action ? (
          <HrefLink href={warning.action} size="sm">
            {warning.actionRequired}
          </HrefLink>
        ) : (
          <Text size="xs" c="dimmed">
            {warning.actionRequired}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The readiness warnings of an event or series, by area, each linking to where it is fixed. */
export function ReadinessList({ subject }: { subject: ReadinessSubject }) {
  const readiness = useReadiness(subject);
  if (readiness.isPending) return <Loader size="xs" aria-label="Loading readiness" />;
  if (readiness.isError) return <Alert color="red">The readiness checks could not be read.</Alert>;
  const warnings = readiness.data.failed_checks;
  if (warnings.length === 0) return <Text c="dimmed">Nothing needs attention.</Text>;
  return (
    <Stack gap="sm">
      {READINESS_AREAS.map((area) => {
        const ofArea = warnings.filter((warning) => warning.area === area);
        if (ofArea.length === 0) return null;
        return (
          <Stack key={area} gap={6} role="list" aria-label={AREA_TITLES[area]}>
            <Group gap={6}>
              <Text fw={600} size="sm">
                {AREA_TITLES[area]}
              </Text>
              <Badge size="sm" variant="light" color="orange">
                {ofArea.length}
              </Badge>
            </Group>
            {ofArea.map((warning) => (
              <Warning key={`${warning.key}:${warning.message}`} warning={warning} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
