import { z } from 'zod';
import { timestampFields } from '../events/query.ts';

/** Messages of Content Lab projects (our design: spec 000 gives only `/content/{project}/…`). */
export const projectMessages = {
  projects: 'Projects',
  noProjects: 'No projects yet',
  makeFirstProject: 'Create a project to gather the videos you make clips from.',
  newProject: 'New project',
  projectName: 'Project name',
  projectCreated: 'Project created.',
  projectRenamed: 'Project renamed.',
  projectDeleted: 'Project deleted.',
  /** What a video is put in when it is opened in Content Lab before any project was chosen. */
  defaultProjectName: 'Video Library',
  notEmpty: 'Move or delete the videos and clips of this project before deleting it.',
  notFound: 'Project not found',
  noVideos: 'No videos in this project yet',
  addVideo: 'Add a video',
  /** Imports a video into the project as a Content Lab upload (spec 000 §4 "Upload flows"). */
  uploadVideo: 'Upload Video',
  videoAdded: 'Video added to the project.',
  /** The add-a-video picker: the project a video is in already (it is in at most one). */
  inProject: 'In {project}',
  moveVideo: 'Move video',
  moveQuestion: '“{video}” is in the project {project}. Adding it here moves it out of {project}.',
  videoMoved: 'Video moved here from {project}.',
  chooseVideo: 'Choose a video to add.',
} as const;

const projectName = z.string().trim().min(1).max(255);

export const createProjectRequestSchema = z.object({ name: projectName });
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;
export const updateProjectRequestSchema = z.object({ name: projectName });
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;

/**
 * Put a library video in the project (it leaves the project it was in). Checked by the service
 * after the project, so another organisation's project answers 404 whatever the body.
 */
export const addProjectVideoRequestSchema = z.object({ video_asset: z.string().optional() });

export const contentProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  video_count: z.number(),
  clip_count: z.number(),
  created_by: z.string().nullable(),
  ...timestampFields,
});
export type ContentProject = z.infer<typeof contentProjectSchema>;

/** A project's page in Content Lab: its videos. */
export const contentProjectPath = (projectId: string) => `/content/${projectId}`;

/** The most videos one look-up of their projects asks for (the add-a-video picker's page). */
export const VIDEO_PROJECTS_MAX = 100;

/** `GET /api/content_lab/video_projects/?video_asset=id,id…`: which project each video is in. */
export const videoProjectsQuerySchema = z.object({
  video_asset: z
    .string()
    .transform((ids) => ids.split(',').filter(Boolean))
    .pipe(z.array(z.string()).max(VIDEO_PROJECTS_MAX)),
});

/** A library video's project (of the caller's organisation); videos in none are not listed. */
export const videoProjectSchema = z.object({
  video_asset: z.string(),
  project: z.string(),
  project_name: z.string(),
});
export type VideoProject = z.infer<typeof videoProjectSchema>;
