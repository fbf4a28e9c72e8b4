import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  engagementPanelMessages as words,
  sessionDocumentAttendeeCalls,
  type SessionDocument,
} from '@studio/domain';
import { callEventApp } from './event-app-api.ts';

/** The session's documents (files and links its organisers attached), read once a minute at most. */
export const sessionDocumentsQuery = (eventId: string, sessionId: string) =>
  queryOptions({
    queryKey: ['engagement', eventId, 'documents', sessionId] as const,
    queryFn: () =>
      callEventApp<SessionDocument[]>(
        eventId,
        `${sessionDocumentAttendeeCalls.documents}?session_id=${encodeURIComponent(sessionId)}`,
      ),
    staleTime: 60_000,
  });

/**
 * The sidebar's Docs tab (002 §2.1): the session's files to download and links to open. Titles are
 * the organisers' text, shown as text; a link opens in a new tab without access to this page.
 */
export function DocsPanel({ eventId, sessionId }: { eventId: string; sessionId: string | null }) {
  const documents = useQuery({
    ...sessionDocumentsQuery(eventId, sessionId ?? ''),
    enabled: sessionId !== null,
  });
  if (sessionId !== null && !documents.data) return null;
  const listed = documents.data ?? [];
  if (listed.length === 0) return <p className="muted">{words.noDocs}</p>;
  return (
    <ul className="docs-list" aria-label={words.docsOfSession}>
      {listed.map((document) => (
        <li key={document.id}>
          {document.kind === 'file' ? (
            <a href={document.url} download aria-label={words.download(document.title)}>
              {document.title}
            </a>
          ) : (
            <a
              href={document.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={words.openLink(document.title)}
            >
              {document.title}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
