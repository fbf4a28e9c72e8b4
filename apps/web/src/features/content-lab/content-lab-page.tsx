import { Group, Loader, Stack, Title } from '@mantine/core';
import {
  CONTENT_LAB_HREF,
  contentLabSwitchMessages,
  IMPORT_LOAD_RETRY_DELAYS_MS,
  isContentLabOpen,
  paths,
  videoLibraryMessages,
} from '@studio/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { PATH_BEFORE_CONTENT_LAB_KEY } from '../../session/end-session.ts';
import { ConfirmEmailNotice } from '../../session/confirm-email-notice.tsx';
import { ForcedPasswordDialog } from '../../session/forced-password-dialog.tsx';
import { useAccess } from '../../session/use-access.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { showToast } from '../../ui/toast.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { ClipsPage } from './clips-page.tsx';
import { loadWithRetries } from './load-with-retries.ts';
import { InProject, ProjectPage, ProjectsHome } from './projects-page.tsx';
import { SavedSearchPage } from './saved-searches.tsx';

type ImportScreenComponent = ComponentType<{ projectId: string; videoId: string }>;

/** The import screen, loaded on demand: three tries, then the §8 toast (spec 000 §4). */
function ImportScreen({ projectId, videoId }: { projectId: string; videoId: string }) {
  const [screen, setScreen] = useState<{ Page: ImportScreenComponent } | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadWithRetries(() => import('./import-page.tsx'), IMPORT_LOAD_RETRY_DELAYS_MS).then(
      (module) => live && setScreen({ Page: module.ImportPage }),
      () => {
        if (!live) return;
        setScreen('failed');
        showToast(videoLibraryMessages.importInitFailed, 'error');
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (screen === 'failed')
    return <EmptyState title="Video import" message={videoLibraryMessages.importInitFailed} />;
  if (!screen) return <Loader aria-label="Loading video import" />;
  return <screen.Page projectId={projectId} videoId={videoId} />;
}

/**
 * The way to the rest of the studio: back to the page a member left for the Content Lab (its path
 * is remembered on the way in, spec 001 §2.4) or their home; for a standalone Content Lab user,
 * creating the organisation the rest of the studio opens with.
 */
function StudioLink() {
  const user = useQuery(currentUserQuery).data;
  if (!user) return null;
  const [to, label] = user.organization
    ? [sessionStorage.getItem(PATH_BEFORE_CONTENT_LAB_KEY) ?? paths.orgHome, 'Back to Event Studio']
    : [paths.createOrg, 'Create an organization'];
  return (
    <HrefLink href={to} size="sm">
      <Group gap={4} component="span">
        {user.organization && <IconArrowLeft size={14} aria-hidden />}
        {label}
      </Group>
    </HrefLink>
  );
}

/**
 * A member's organisation with Content Lab switched off (Settings › Organization): what happened,
 * and for an admin the way to switch it on.
 */
function ContentLabSwitchedOff({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const canSwitch = useAccess(organizationId).can('organization:update') || isAdmin;
  return (
    <>
      <Title order={1} size="h3">
        Content Lab
      </Title>
      <EmptyState
        title={contentLabSwitchMessages.title}
        message={contentLabSwitchMessages.disabled}
        action={
          canSwitch && (
            <HrefLink href={paths.organizationSettings}>{contentLabSwitchMessages.switchOn}</HrefLink>
          )
        }
      />
    </>
  );
}

/** The Content Lab while it is open to the person: a member's organisation with it switched on, or their personal space. */
function WhileContentLabOpen({ children }: { children: ReactNode }) {
  const user = useQuery(currentUserQuery).data;
  const organization = useQuery({
    ...organizationQuery(user?.organization ?? ''),
    enabled: !!user?.organization,
  }).data;
  if (!user || (user.organization && !organization)) return <Loader aria-label="Loading Content Lab" />;
  if (!user.organization || isContentLabOpen(false, organization)) return children;
  return <ContentLabSwitchedOff organizationId={user.organization} isAdmin={user.is_admin} />;
}

/**
 * /content and /content/{param+} (the forced new-password dialog included): the projects, a
 * project's videos at /content/{project}, a video's clips at /content/{project}/{id}/clips?activeClipId=
 * (also reached as …/recordings, the video's page in Content Lab), a Content Lab upload's import at
 * /content/import/{project}/{id}/, and a saved search's clips at /content/search/{savedSearchId}/clips.
 * `import` and `search` are never project ids (those are uuids). A person who signed up here and has
 * not confirmed their address yet is asked for the emailed code.
 */
export function ContentLabPage() {
  const [first, second, third] = useRouteParam('_splat').split('/');
  const importing = first === 'import' && second && third;
  const onSavedSearch = first === 'search' && second && third === 'clips';
  const onVideo = first && second && (third === 'clips' || third === 'recordings');
  return (
    // The studio's shell is not around the Content Lab: its pages' <main> landmark is here.
    <Stack p="md" component="main">
      <StudioLink />
      <ConfirmEmailNotice returnTo={CONTENT_LAB_HREF} />
      <WhileContentLabOpen>
        {importing ? (
          <ImportScreen projectId={second} videoId={third} />
        ) : onSavedSearch ? (
          <SavedSearchPage savedSearchId={second} />
        ) : onVideo ? (
          <InProject projectId={first}>
            {(project) => <ClipsPage project={project} videoId={second} />}
          </InProject>
        ) : first ? (
          <InProject projectId={first}>{(project) => <ProjectPage project={project} />}</InProject>
        ) : (
          <ProjectsHome />
        )}
      </WhileContentLabOpen>
      <ForcedPasswordDialog />
    </Stack>
  );
}
