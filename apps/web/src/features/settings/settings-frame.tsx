import { Card, Stack, Tabs, Title, type MantineSpacing } from '@mantine/core';
import { accessMessages, paths, registrationFormMessages } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { currentUserQuery } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';

interface Section {
  path: string;
  label: string;
  /** What the section holds, on the settings index. */
  description: string;
}

const sections: Section[] = [
  {
    path: paths.organizationSettings,
    label: 'Organization',
    description: "Your organization's name, the features it uses and its plan.",
  },
  { path: paths.preferences, label: 'Preferences', description: 'Your own account and profile.' },
  { path: paths.teams, label: 'Teams', description: 'The teams of your organization and their members.' },
  {
    path: paths.users,
    label: 'Users',
    description: 'The people of your organization: invite them, set their roles and teams.',
  },
  {
    path: paths.permissions,
    label: 'Permissions',
    description: 'What each role may do in the studio and at events.',
  },
  {
    path: paths.domains,
    label: 'Domains',
    description: 'Send emails from your own domain and serve your pages on it.',
  },
  { path: paths.apiTokens, label: 'API Tokens', description: 'Tokens your scripts call the REST API with.' },
  { path: paths.forms, label: 'Forms', description: registrationFormMessages.formsHelp },
];

/** The signed-in member and their organisation id (settings pages are inside the organisation shell). */
export function useMember() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (!user.organization) throw new Error('Settings need an organization');
  return { user, organizationId: user.organization };
}

/**
 * The sections a member sees: API tokens only for those who may manage them, never team admins;
 * domains only for those who change the organisation's settings.
 */
export function useSettingsSections(): Section[] {
  const { user, organizationId } = useMember();
  const access = useAccess(organizationId);
  const seesTokens = user.role !== 'WORKSPACE_ADMIN' && access.can('api_token:manage');
  const seesDomains = access.can('organization:update');
  return sections.filter(
    (section) =>
      (section.path !== paths.apiTokens || seesTokens) && (section.path !== paths.domains || seesDomains),
  );
}

/** Spec 001 §8: 'Error fetching user permissions', once per failure, from the settings frame. */
function usePermissionsFailureToast() {
  const { organizationId } = useMember();
  const { permissionsFailed } = useAccess(organizationId);
  useEffect(() => {
    if (permissionsFailed) showToast(accessMessages.permissionsFetchFailed, 'error');
  }, [permissionsFailed]);
}

/** Settings: the section tabs above the section's page. */
export function SettingsFrame({
  title,
  actions,
  sectionTabs = true,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** False on the settings index, whose page is the list of sections itself. */
  sectionTabs?: boolean;
  children: ReactNode;
}) {
  usePermissionsFailureToast();
  return (
    <Stack gap="md">
      <PageHeader title={title} actions={actions} />
      {sectionTabs && <SettingsTabs />}
      {children}
    </Stack>
  );
}

/** The settings sections' tabs (a section of another feature, Forms, shows them under its own header). */
export function SettingsTabs() {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const visible = useSettingsSections();
  return (
    <Tabs value={pathname} onChange={(path) => path && void navigate({ to: path })}>
      <Tabs.List aria-label="Settings">
        {visible.map((section) => (
          <Tabs.Tab key={section.path} value={section.path}>
            {section.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** A titled card of a settings page, named by its title; with onSubmit a form its schema checks, not the browser. */
export function SettingsCard({
  title,
  gap = 'md',
  onSubmit,
  children,
}: {
  title: string;
  gap?: MantineSpacing;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const body = (
    <Stack gap={gap}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
  return onSubmit ? (
    <Card withBorder component="form" onSubmit={onSubmit} noValidate aria-label={title}>
      {body}
    </Card>
  ) : (
    <Card withBorder component="section" aria-label={title}>
      {body}
    </Card>
  );
}
