import {
  SURVEY_HAS_DUPLICATED_SURVEYS,
  SURVEY_RESPONSES_PAGE_SIZE,
  surveyResponsePageSchema,
  surveyResponsesExportPath,
  surveyResponsesPath,
  surveyMessages,
  surveyPageSchema,
  surveySchema,
  SURVEYS_PAGE_SIZE,
  type Survey,
  type SurveyFormValues,
  type UpdateSurvey,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const surveyPath = (id: string, action = '') => `/event/surveys/${encodeURIComponent(id)}/${action}`;
const listPath = (eventId: string, filter: string) =>
  `/event/surveys/?event=${encodeURIComponent(eventId)}&${filter}&limit=${SURVEYS_PAGE_SIZE}`;

/** The event's library of surveys (002 §7.9: `duplicated__isnull=true`). */
export const fetchSurveyLibrary = async (eventId: string) =>
  (
    await studioApi.request({
      method: 'GET',
      path: listPath(eventId, 'duplicated__isnull=true'),
      schema: surveyPageSchema,
    })
  ).results;
export const surveyLibraryQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...queryKeys.surveys.of(eventId), 'library'],
    queryFn: () => fetchSurveyLibrary(eventId),
  });
export const useSurveyLibrary = (eventId: string) => useQuery(surveyLibraryQuery(eventId));

/** The surveys a session holds (copies of library surveys). */
export const fetchSessionSurveys = async (eventId: string, broadcastId: string) =>
  (
    await studioApi.request({
      method: 'GET',
      path: listPath(eventId, `broadcast=${encodeURIComponent(broadcastId)}`),
      schema: surveyPageSchema,
    })
  ).results;
export const sessionSurveysQuery = (eventId: string, broadcastId: string) =>
  queryOptions({
    queryKey: [...queryKeys.surveys.of(eventId), 'session', broadcastId],
    queryFn: () => fetchSessionSurveys(eventId, broadcastId),
  });
export const useSessionSurveys = (eventId: string, broadcastId: string) =>
  useQuery(sessionSurveysQuery(eventId, broadcastId));

export const surveyQuery = (eventId: string, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.surveys.of(eventId), 'survey', id],
    queryFn: () => studioApi.request({ method: 'GET', path: surveyPath(id), schema: surveySchema }),
  });
export const useSurvey = (eventId: string, id: string | null) =>
  useQuery({ ...surveyQuery(eventId, id ?? ''), enabled: id !== null });

/** Issue 34 §4: the people's answers to a survey (a library survey: of every session's copy), a page at a time. */
export const fetchSurveyResponses = (surveyId: string, page: number) =>
  studioApi.request({
    method: 'GET',
    path: `${surveyResponsesPath(surveyId).replace(/^\/api/, '')}?limit=${SURVEY_RESPONSES_PAGE_SIZE}&offset=${(page - 1) * SURVEY_RESPONSES_PAGE_SIZE}`,
    schema: surveyResponsePageSchema,
  });
export const surveyResponsesQuery = (eventId: string, surveyId: string, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.surveys.of(eventId), 'responses', surveyId, page],
    queryFn: () => fetchSurveyResponses(surveyId, page),
    placeholderData: keepPreviousData,
  });
export const useSurveyResponses = (eventId: string, surveyId: string, page: number) =>
  useQuery(surveyResponsesQuery(eventId, surveyId, page));

/** The answers as a CSV file (formula-leading cells escaped by the server). */
export const downloadSurveyResponses = (surveyId: string) =>
  studioApi.download({ method: 'GET', path: surveyResponsesExportPath(surveyId).replace(/^\/api/, '') });

/** A survey in use by sessions answers SURVEY_HAS_DUPLICATED_SURVEYS: the spec's sentence, else the call's toast. */
const inUseOr = (fallback: string) => (error: unknown) =>
  error instanceof ApiRequestError && error.code === SURVEY_HAS_DUPLICATED_SURVEYS
    ? surveyMessages.surveyInUse
    : fallback;

/** What the editor sends (the create call's input without its event; the server fills the defaults). */
export type SurveyValues = SurveyFormValues;

export function useSaveSurvey(eventId: string, onSaved: (survey: Survey) => unknown) {
  return useStudioMutation({
    mutationFn: ({ id, values }: { id: string | null; values: SurveyValues | UpdateSurvey }) =>
      id
        ? studioApi.request({ method: 'PATCH', path: surveyPath(id), body: values, schema: surveySchema })
        : studioApi.request({
            method: 'POST',
            path: '/event/surveys/',
            body: { ...values, event: eventId },
            schema: surveySchema,
          }),
    failureToast: (_error, { id }) =>
      id ? surveyMessages.errorUpdatingSurvey : surveyMessages.errorCreatingSurvey,
    invalidates: [queryKeys.surveys.of(eventId)],
    onSuccess: onSaved,
  });
}

export function useDeleteSurvey(eventId: string) {
  return useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: surveyPath(id) }),
    failureToast: inUseOr(surveyMessages.errorUpdatingSurvey),
    invalidates: [queryKeys.surveys.of(eventId)],
  });
}

/** Attaches a library survey to a session: the server duplicates it with that session. */
export function useAttachSurvey(eventId: string, broadcastId: string) {
  return useStudioMutation({
    mutationFn: (surveyId: string) =>
      studioApi.request({
        method: 'POST',
        path: surveyPath(surveyId, 'duplicate/'),
        body: { broadcast: broadcastId },
        schema: surveySchema,
      }),
    failureToast: surveyMessages.errorDuplicatingSurvey,
    invalidates: [queryKeys.surveys.of(eventId)],
  });
}

export function useDetachSurvey(eventId: string, broadcastId: string) {
  return useStudioMutation({
    mutationFn: (surveyId: string) =>
      studioApi.request({
        method: 'POST',
        path: surveyPath(surveyId, 'detach/'),
        body: { broadcast: broadcastId },
      }),
    failureToast: inUseOr(surveyMessages.errorDetachingSurvey),
    invalidates: [queryKeys.surveys.of(eventId)],
  });
}
