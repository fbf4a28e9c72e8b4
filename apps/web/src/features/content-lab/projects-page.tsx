import { ActionIcon, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { contentProjectPath, projectMessages, type ContentProject } from '@studio/domain';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ContentVideos } from './content-videos.tsx';
import { NameForm } from './name-form.tsx';
import {
  useCreateProject,
  useDeleteProject,
  useProject,
  useProjects,
  useRenameProject,
} from './projects-api.ts';
import { ClipSearchPanel } from './saved-searches.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** Rename and delete buttons of a project, with their form and confirmation. */
function ProjectActions({ project, onDeleted }: { project: ContentProject; onDeleted?: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rename = useRenameProject(() => setRenaming(false));
  const remove = useDeleteProject(() => {
    setDeleting(false);
    onDeleted?.();
  });
  return (
    <Group gap="xs">
      {renaming ? (
        <NameForm
          label={projectMessages.projectName}
          initial={project.name}
          submitLabel="Rename"
          pending={rename.isPending}
          onSubmit={(name) => rename.mutate({ id: project.id, name })}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <ActionIcon variant="subtle" aria-label={`Rename ${project.name}`} onClick={() => setRenaming(true)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
      <DeleteIconButton label={`Delete ${project.name}`} onClick={() => setDeleting(true)} />
      <ConfirmDialog
        opened={deleting}
        message={`The project ${project.name} will be deleted. Only an empty project can be deleted.`}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => remove.mutate(project.id)}
        onCancel={() => setDeleting(false)}
      />
    </Group>
  );
}

/** /content: the organisation's projects, then the clip search and the saved searches. */
export function ProjectsHome() {
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const create = useCreateProject(() => setCreating(false));
  const results = projects.data ?? [];
  return (
    <>
      <PageHeader
        title="Content Lab"
        description="Turn your event videos into clips to share."
        actions={
          <Button onClick={() => setCreating(true)} disabled={creating}>
            {projectMessages.newProject}
          </Button>
        }
      />
      {creating && (
        <NameForm
          label={projectMessages.projectName}
          initial=""
          submitLabel="Create"
          pending={create.isPending}
          onSubmit={(name) => create.mutate({ name })}
          onCancel={() => setCreating(false)}
        />
      )}
      <Title order={2} size="h4" mt="md">
        {projectMessages.projects}
      </Title>
      <ListStates
        pending={projects.isPending}
        loadingLabel="Loading projects"
        empty={results.length === 0}
        emptyState={
          <EmptyState title={projectMessages.noProjects} message={projectMessages.makeFirstProject} />
        }
      >
        <ListTable label={projectMessages.projects} columns={['Name', 'Videos', 'Clips', ACTIONS_COLUMN]}>
          {results.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td>
                <HrefLink href={contentProjectPath(project.id)}>{project.name}</HrefLink>
              </Table.Td>
              <Table.Td>{project.video_count}</Table.Td>
              <Table.Td>{project.clip_count}</Table.Td>
              <Table.Td>
                <ProjectActions project={project} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListStates>
      <ClipSearchPanel />
    </>
  );
}

/** A page under /content/{project}/…: shown once the project is the organisation's, else not found. */
export function InProject({
  projectId,
  children,
}: {
  projectId: string;
  children: (project: ContentProject) => ReactNode;
}) {
  const project = useProject(projectId);
  if (project.isPending) return <Loader aria-label="Loading project" />;
  if (!project.data)
    return (
      <EmptyState
        title={projectMessages.notFound}
        message={<HrefLink href="/content">Back to Content Lab</HrefLink>}
      />
    );
  return children(project.data);
}

/** /content/{project}: the project's videos. */
export function ProjectPage({ project }: { project: ContentProject }) {
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader
        title={project.name}
        description={
          <HrefLink href="/content" size="sm">
            All projects
          </HrefLink>
        }
        actions={<ProjectActions project={project} onDeleted={() => void navigate({ href: '/content' })} />}
      />
      <ContentVideos projectId={project.id} />
    </Stack>
  );
}
