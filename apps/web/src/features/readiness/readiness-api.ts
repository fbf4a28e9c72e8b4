import {
  alertCentreSchema,
  eventAlertCentrePath,
  READINESS_UPDATED,
  seriesAlertCentrePath,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventNamed } from '../../api/realtime.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { studioApi } from '../../api/studio-api.ts';

/** Whose alert centre: an event (or webinar), or a series (or repeating event). */
export type ReadinessSubject = { kind: 'event' | 'series'; id: string };

const READINESS_KEY = 'readiness';
/** The studio client adds `/api`. */
const pathOf = ({ kind, id }: ReadinessSubject) =>
  (kind === 'event' ? eventAlertCentrePath(id) : seriesAlertCentrePath(id)).replace(/^\/api/, '');

/** GET …/alert_centre/: the readiness warnings (002 §7.11 `failed_checks`). */
export const fetchAlertCentre = (subject: ReadinessSubject) =>
  studioApi.request({ method: 'GET', path: pathOf(subject), schema: alertCentreSchema });

export const alertCentreQuery = (subject: ReadinessSubject) =>
  queryOptions({
    queryKey: [READINESS_KEY, subject.kind, subject.id],
    queryFn: () => fetchAlertCentre(subject),
  });

/**
 * The warnings, asked again whenever the server pushes `readiness-updated` for this event (or for
 * every event: a library video changed), and after the socket named the event again.
 */
export function useReadiness(subject: ReadinessSubject) {
  const { kind, id } = subject;
  useReadAgainOnPush(
    `${kind}:${id}`,
    [READINESS_KEY, kind, id],
    (message) =>
      (message.type === READINESS_UPDATED &&
        (message.data.eventId === null || message.data.eventId === id)) ||
      eventNamed(message),
  );
  return useQuery(alertCentreQuery(subject));
}
