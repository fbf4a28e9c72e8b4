import { Alert, Stack } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import {
  accessMessages,
  integrationLabels,
  mapsObjectType,
  type FieldMappingEntityType,
  type MappedType,
} from '@studio/domain';
import {
  CrmApplicationsList,
  CrmAuthentication,
  CrmAuthenticationsTable,
  isMappedType,
  isIntegrationType,
} from '../features/crm-integrations/crm-applications.tsx';
import { EloquaEventForm, MarketoBaseProgram } from '../features/crm-integrations/marketing-settings.tsx';
import { CrmObjectFields } from '../features/crm-integrations/crm-event-settings.tsx';
import { FieldMappingScreen } from '../features/crm-integrations/field-mapping-screen.tsx';
import { IntegrationNotFound } from '../features/integrations/integration-not-found.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';
import { useOrganization } from './event-with-organization.tsx';

const applications = { href: '/integrations/applications', label: 'Back to applications' };

/** An object the studio does not map for the application, named in the address. */
const ObjectNotFound = ({ crmType, objectType }: { crmType: MappedType; objectType: string }) => (
  <IntegrationNotFound
    back={applications}
    object={{ application: integrationLabels[crmType], name: objectType }}
  />
);

/** /integrations/applications: the CRMs the organisation connects. */
export function CrmApplicationsRoute() {
  return (
    <Stack>
      <PageHeader title="Applications" description="The applications connected to your organization." />
      <CrmApplicationsList />
    </Stack>
  );
}

/** /integrations/authentications: the organisation's stored sign-ins. */
export function CrmAuthenticationsRoute() {
  return (
    <Stack>
      <PageHeader
        title="Authentications"
        description="The accounts the studio signs in to for your integrations."
      />
      <CrmAuthenticationsTable />
    </Stack>
  );
}

/**
 * /integrations/applications/$instanceID/settings(/authentication) and
 * /integrations/authentications/$authenticationID/settings: a connector's credentials and auth health.
 */
export function CrmApplicationSettingsRoute() {
  const instance = useRouteParam('instanceID');
  const authentication = useRouteParam('authenticationID');
  const crmType = instance || authentication;
  if (!isIntegrationType(crmType)) return <IntegrationNotFound back={applications} />;
  return (
    <Stack>
      <PageHeader
        title={`${integrationLabels[crmType]} settings`}
        description="How the studio signs in to the application."
      />
      <CrmAuthentication crmType={crmType} />
    </Stack>
  );
}

/**
 * /integrations/applications/$instanceID/settings/field-mapping/$crmObjectType(?workspace=): the CRM
 * object's fields.
 */
export function CrmApplicationFieldsRoute() {
  const crmType = useRouteParam('instanceID');
  const objectType = useRouteParam('crmObjectType');
  // A team's connection (team-level integrations), as the application page's links name it.
  const search: { workspace?: unknown } = useSearch({ strict: false });
  const workspace = typeof search.workspace === 'string' ? search.workspace : undefined;
  if (!isMappedType(crmType)) return <IntegrationNotFound back={applications} />;
  if (!mapsObjectType(crmType, objectType))
    return <ObjectNotFound crmType={crmType} objectType={objectType} />;
  return (
    <Stack>
      <PageHeader
        title={`${integrationLabels[crmType]} ${objectType} fields`}
        description="The fields events, templates and global forms can map their registration fields to."
      />
      <CrmObjectFields crmType={crmType} objectType={objectType} workspace={workspace} />
    </Stack>
  );
}

/** The field-mapping page of an event, a webinar, a template or a global form. */
function FieldMappingRoute({ entityType, idParam }: { entityType: FieldMappingEntityType; idParam: string }) {
  const crmType = useRouteParam('integrationType');
  const objectType = useRouteParam('crmObjectType');
  const entityId = useRouteParam(idParam);
  if (!isMappedType(crmType)) return <IntegrationNotFound back={applications} />;
  if (!mapsObjectType(crmType, objectType))
    return <ObjectNotFound crmType={crmType} objectType={objectType} />;
  return (
    <Stack>
      <PageHeader
        title="Field Mapping"
        description={`Which registration field fills which ${integrationLabels[crmType]} ${objectType} field.`}
      />
      <FieldMappingScreen crmType={crmType} objectType={objectType} owner={{ entityType, entityId }} />
    </Stack>
  );
}

export const EventFieldMappingRoute = () => <FieldMappingRoute entityType="EVENT" idParam="eventId" />;
export const TemplateFieldMappingRoute = () => (
  <FieldMappingRoute entityType="STUDIO_TEMPLATE" idParam="templateId" />
);
/**
 * /settings-new/forms/$formId/$integrationType/field-mapping/$crmObjectType: a global form's
 * mapping, with the 'one-click register' and 'form-level field mapping' flags both on (spec 001 §6).
 */
export function FormFieldMappingRoute() {
  const organization = useOrganization();
  if (!organization) return null;
  const flags = organization.feature_flags;
  if (!flags.isOneClickRegisterEnabled || !flags.isFormLevelFieldMappingEnabled)
    return (
      <Stack>
        <PageHeader title="Field Mapping" />
        <Alert color="yellow">{accessMessages.featureNotEnabled}</Alert>
      </Stack>
    );
  return <FieldMappingRoute entityType="GLOBAL_FORM" idParam="formId" />;
}

/** /integrations/applications/marketo/settings/marketo-base-program. */
export function MarketoBaseProgramRoute() {
  const organization = useOrganization();
  return (
    <Stack>
      <PageHeader
        title="Marketo Base Program"
        description="What the studio creates in your Marketo instance."
      />
      {organization && (
        <MarketoBaseProgram
          organizationId={organization.id}
          current={organization.base_marketo_program_id}
          activityTypeIds={organization.marketo_custom_activity_ids}
        />
      )}
    </Stack>
  );
}

/** /integrations/applications/eloqua/settings/eloqua-event-form. */
export function EloquaEventFormRoute() {
  const organization = useOrganization();
  return (
    <Stack>
      <PageHeader title="Eloqua Event Form" description="The Eloqua form registrants are submitted to." />
      {organization && (
        <EloquaEventForm organizationId={organization.id} current={organization.eloqua_form_id} />
      )}
    </Stack>
  );
}
