import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { eventMessages, workspaceBase, workspaceOfRoute } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { SeriesRegistrationAddress } from '../features/public-links/series-registration-address.tsx';
import { TemplateFormPage } from '../features/registration-forms/template-form-page.tsx';
import { templateQuery } from '../features/templates/template-query.ts';
import { useChooseTemplateForm } from '../features/templates/templates-api.ts';
import { HrefLink } from '../ui/href-link.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useStudioRoute } from '../ui/studio-route.ts';
import { useRouteParam } from '../ui/use-route-param.ts';
import { Loading } from '../ui/list-states.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';

interface NextStep {
  title: string;
  description: string;
  href: string;
}

/** The registration pages' other pages, each a card with what it is for. */
function NextSteps({ steps }: { steps: NextStep[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: steps.length }}>
      {steps.map((step) => (
        <Paper key={step.href} withBorder p="md" radius="md">
          <Stack gap={4}>
            <HrefLink href={step.href} fw={600}>
              {step.title}
            </HrefLink>
            <Text size="sm" c="dimmed">
              {step.description}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * /series/$seriesId/registration/page and /repeating-event/…: the series' one registration page
 * on the attendee origin (people choose its events there; it asks the first event's form), its
 * address, and where to build it, see who registered and add tracking pixels.
 */
export function SeriesRegistrationPageRoute() {
  const seriesId = useRouteParam('seriesId');
  const kind =
    workspaceOfRoute(useStudioRoute()?.path ?? '')?.kind === 'series' ? 'series' : 'repeating-event';
  const registration = `${workspaceBase(kind, seriesId)}/registration`;
  return (
    <>
      <PageHeader
        title="Registration Page"
        description="The page where people register for the events of this series, on your attendee site. It asks the registration form of the series' first event."
      />
      <Stack>
        <SeriesRegistrationAddress seriesId={seriesId} />
        <NextSteps
          steps={[
            {
              title: 'Page Builder',
              description: 'Lay out the page: its banner, description, speakers and blocks.',
              href: `${registration}/page/page-builder`,
            },
            {
              title: 'Registrants',
              description: 'Everyone who registered, with the events they chose.',
              href: `${registration}/registrants`,
            },
            {
              title: 'Tracking Pixels',
              description: 'Your analytics and advertising code on the page.',
              href: `${registration}/tracking-pixels`,
            },
          ]}
        />
      </Stack>
    </>
  );
}

/** /templates/$templateId/registration/page: the form the template's events ask, and its page builder. */
export function TemplateRegistrationPageRoute() {
  const templateId = useRouteParam('templateId');
  const template = useQuery(templateQuery(templateId));
  const choose = useChooseTemplateForm(templateId);
  if (template.isError) return <ErrorAlert>{eventMessages.errorLoadingTemplates}</ErrorAlert>;
  if (!template.data) return <Loading label="Loading the template" />;
  const chosen = template.data.registration_form_data;
  const base = workspaceBase('template', templateId);
  return (
    <Stack>
      <TemplateFormPage
        organizationId={template.data.organization}
        chosenFormId={chosen?.is_global_form ? chosen.id : null}
        saving={choose.isPending}
        onChoose={(formId) => choose.mutate(formId)}
      />
      <NextSteps
        steps={[
          {
            title: 'Page Builder',
            description: 'Lay out the registration page the events made from this template start with.',
            href: `${base}/registration/page-builder`,
          },
          {
            title: 'Tracking Pixels',
            description: 'Code copied onto every event made from this template.',
            href: `${base}/registration/tracking-pixels`,
          },
        ]}
      />
    </Stack>
  );
}
