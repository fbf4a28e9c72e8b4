import { Button, Card, Group, Stack } from '@mantine/core';
import {
  eventMessages,
  HUB_PAGE_NAME_MAX_LENGTH,
  updateHubPageRequestSchema,
  type HubPage,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { eventOptionLabel, eventOptionsQuery, useWorkspaceChoices } from '../../api/entity-options.ts';
import { isNotFound } from '../../api/api-error.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { NotFound } from '../../ui/empty-state.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { WorkspaceField } from '../../ui/select-field.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import {
  hubPageBuilderHref,
  OPEN_PAGE_BUILDER,
  useHubPage,
  useHubPageLink,
  useUpdateHubPage,
} from './hub-pages-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** A hub page that does not exist, or is another organisation's. */
export const HubPageNotFound = () => (
  <NotFound title="Page not found" back={{ href: '/pages', label: 'Back to Pages' }} />
);

/** /pages/$pageId: a hub page's name, workspace and the events it lists, and the way to its builder. */
export function HubPagePage() {
  const pageId = useRouteParam('pageId');
  const page = useHubPage(pageId);
  const missing = isNotFound(page.error);
  useFailureToast(page.isError && !missing, eventMessages.errorLoadingPages);
  if (page.isPending) return <Loading label="Loading page" />;
  if (missing) return <HubPageNotFound />;
  if (page.isError) return <ErrorAlert>{eventMessages.errorLoadingPages}</ErrorAlert>;
  return <HubPageEditor key={page.data.updated_at} page={page.data} />;
}

function HubPageEditor({ page }: { page: HubPage }) {
  const { organizationId, organization } = useSignedInOrganization();
  const events = useQuery(eventOptionsQuery(organizationId));
  const workspaceOptions = useWorkspaceChoices(organizationId, organization.is_workspace_enabled);
  const form = useStudioForm<{ name: string; workspace: string | null; events: string[] }>(
    updateHubPageRequestSchema.pick({ name: true }),
    {
      initialValues: {
        name: page.name,
        workspace: page.workspace?.id ?? null,
        events: page.events.map((event) => event.id),
      },
    },
  );
  // The events it lists now are options even before the list of all events arrives.
  const eventOptions = [
    ...page.events.map((event) => ({ value: event.id, label: eventOptionLabel(event) })),
    ...(events.data ?? []),
  ].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);
  const save = useUpdateHubPage(page.id);
  const link = useHubPageLink(page.id);
  return (
    <Stack>
      <PageHeader
        title={page.name}
        description="The hub page's name, workspace and the events it lists; its layout is made in the page builder."
        actions={
          <Group gap="xs">
            {link.data && (
              <Button
                component="a"
                href={link.data.page}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
              >
                View page
              </Button>
            )}
            <Button component={Link} to={hubPageBuilderHref(page.id)}>
              {OPEN_PAGE_BUILDER}
            </Button>
          </Group>
        }
      />
      <Card withBorder maw={640}>
        <form
          noValidate
          onSubmit={form.onSubmit(({ name, events: listed, workspace }) =>
            save.mutate({
              name: name.trim(),
              events: listed,
              ...(organization.is_workspace_enabled && { workspace }),
            }),
          )}
        >
          <Stack>
            <TextField
              label="Page name"
              required
              {...fieldProps(form, 'name')}
              maxLength={HUB_PAGE_NAME_MAX_LENGTH}
            />
            <WorkspaceField options={workspaceOptions} {...form.getInputProps('workspace')} />
            <MultiSelectField label="Listed events" options={eventOptions} {...fieldProps(form, 'events')} />
            <FormActions saving={save.isPending} />
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
