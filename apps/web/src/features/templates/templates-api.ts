import {
  eventMessages,
  eventSchema,
  pageSchema,
  templateSchema,
  type StudioEvent,
  type StudioTemplate,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

export const TEMPLATES_KEY = queryKeys.templates.all[0];
const base = '/event/studio-templates/';
const templatePageSchema = pageSchema(templateSchema);
const templatePath = (id: string) => `${base}${encodeURIComponent(id)}/`;

/** GET /api/event/studio-templates/ */
export const fetchTemplatePage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `${base}?${params}`, schema: templatePageSchema });

export const templateListQuery = (params: URLSearchParams) =>
  listPageQuery([TEMPLATES_KEY], params, fetchTemplatePage);

export const useTemplateList = (params: URLSearchParams) => useQuery(templateListQuery(params));

export interface TemplateFields {
  title: string;
  workspace?: string | null;
  organization?: string;
  settings?: Partial<StudioTemplate['settings']>;
  registration_form_data?: StudioTemplate['registration_form_data'];
}

export const createTemplate = (fields: TemplateFields) =>
  studioApi.request({ method: 'POST', path: base, body: fields, schema: templateSchema });

export const createTemplateFromEvent = (body: { event: string; title?: string; workspace?: string | null }) =>
  studioApi.request({ method: 'POST', path: `${base}create_from_event/`, body, schema: templateSchema });

export const updateTemplate = (id: string, fields: Partial<TemplateFields>) =>
  studioApi.request({ method: 'PATCH', path: templatePath(id), body: fields, schema: templateSchema });

export const deleteTemplate = (id: string) => studioApi.request({ method: 'DELETE', path: templatePath(id) });

export const duplicateTemplate = (id: string, body: { title?: string; workspace?: string | null }) =>
  studioApi.request({ method: 'POST', path: `${templatePath(id)}duplicate/`, body, schema: templateSchema });

export const createEventFromTemplate = (
  id: string,
  body: {
    title: string;
    start_time: string;
    end_time?: string;
    timezone?: string;
    workspace?: string | null;
  },
) =>
  studioApi.request({ method: 'POST', path: `${templatePath(id)}create_event/`, body, schema: eventSchema });

// Mutation hooks: the spec's toasts and refreshes; screens say what happens next.

/** The template mutations of the list share one toast and refresh. */
const useTemplateChange = <TVariables, TData = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  successToast: string,
  onDone: (data: TData) => unknown,
  failureToast?: string,
) =>
  useStudioMutation({
    mutationFn,
    successToast,
    ...(failureToast && { failureToast }),
    invalidates: [queryKeys.templates.all],
    onSuccess: onDone,
  });

export const useCreateTemplate = (onDone: (template: StudioTemplate) => unknown) =>
  useTemplateChange(createTemplate, 'Template created successfully.', onDone);

export const useCreateTemplateFromEvent = (onDone: (template: StudioTemplate) => unknown) =>
  useTemplateChange(createTemplateFromEvent, 'Template created successfully.', onDone);

export const useDuplicateTemplate = (onDone: () => unknown) =>
  useTemplateChange(
    ({ id, body }: { id: string; body: Parameters<typeof duplicateTemplate>[1] }) =>
      duplicateTemplate(id, body),
    'Template duplicated successfully.',
    onDone,
  );

export const useRenameTemplate = (onDone: () => unknown) =>
  useTemplateChange(
    ({ id, title }: { id: string; title: string }) => updateTemplate(id, { title }),
    'Template updated successfully.',
    onDone,
    eventMessages.failedToUpdateTemplate,
  );

export const useDeleteTemplate = (onDone: () => unknown) =>
  useTemplateChange(deleteTemplate, 'Template deleted successfully.', onDone);

/** The global form the template's events ask (`registration_form_data`), or none. */
export const useChooseTemplateForm = (id: string) =>
  useTemplateChange(
    (formId: string | null) =>
      updateTemplate(id, { registration_form_data: formId ? { id: formId, is_global_form: true } : null }),
    'Template updated successfully.',
    () => undefined,
    eventMessages.failedToUpdateTemplate,
  );

/** Creates an event from the template; the screen opens it. */
export const useCreateEventFromTemplate = (onCreated: (event: StudioEvent) => unknown) =>
  useStudioMutation({
    mutationFn: ({ id, request }: { id: string; request: Parameters<typeof createEventFromTemplate>[1] }) =>
      createEventFromTemplate(id, request),
    invalidates: [queryKeys.events.all],
    onSuccess: onCreated,
  });
