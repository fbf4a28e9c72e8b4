import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WORKSPACE_PAGE_RIGHTS, workspaceBase, type StudioTemplate } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useWorkspaceChoices } from '../../api/entity-options.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { teamNameOf } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { CreateEventFromTemplateDialog } from './template-dialogs.tsx';
import { templateQuery } from './template-query.ts';
import { Loading } from '../../ui/list-states.tsx';

/** /templates/$templateId and its dashboard: the template's settings; the layout shows its header. */
export function TemplateDashboardPage() {
  const template = useQuery(templateQuery(useRouteParam('templateId')));
  if (template.isPending) return <Loading label="Loading template" />;
  if (template.isError) return null;
  return <TemplateOverview template={template.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function TemplateOverview({ template }: { template: StudioTemplate }) {
  const { organizationId, organization } = useSignedInOrganization();
  const workspaceOptions = useWorkspaceChoices(organizationId, organization.is_workspace_enabled);
  const access = useAccess(organizationId);
  const canBrand = WORKSPACE_PAGE_RIGHTS['look-and-feel']?.some((right) => access.can(right));
  const [creating, setCreating] = useState(false);
  const { settings } = template;
  const base = workspaceBase('template', template.id);

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setCreating(true)}>Create Event from Template</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" role="region" aria-label="Settings">
          <Title order={2} size="h5" mb="sm">
            Settings
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Type">{settings.event_type}</Fact>
            <Fact label="Host type">{settings.host_type.replace('_', ' ')}</Fact>
            <Fact label="Duration">{settings.duration_minutes} minutes</Fact>
            <Fact label="Time zone">{settings.timezone}</Fact>
            <Fact label="Team">{teamNameOf(template.workspace?.name)}</Fact>
            <Fact label="Location">{settings.location ?? '-'}</Fact>
          </SimpleGrid>
          {settings.description && <RichText size="sm" mt="sm" html={settings.description} />}
        </Card>
        <Card withBorder radius="md" role="region" aria-label="Buffer video">
          <Title order={2} size="h5" mb="sm">
            Buffer video
          </Title>
          <Text size="sm" c={template.stage_roll_video_asset ? undefined : 'dimmed'}>
            {template.stage_roll_video_asset ? 'A buffer video is chosen.' : 'None chosen yet.'}
          </Text>
          {canBrand && (
            <HrefLink href={`${base}/look-and-feel`} size="sm">
              {template.stage_roll_video_asset ? 'Change it' : 'Choose one'}
            </HrefLink>
          )}
          {template.source_event && (
            <Text size="sm" mt="sm">
              Made from{' '}
              <HrefLink href={`/events/${encodeURIComponent(template.source_event)}/dashboard`}>
                its source event
              </HrefLink>
              .
            </Text>
          )}
        </Card>
      </SimpleGrid>
      {creating && (
        <CreateEventFromTemplateDialog
          template={template}
          workspaceOptions={workspaceOptions}
          onClose={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}
