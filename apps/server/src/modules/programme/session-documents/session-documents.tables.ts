import type { Generated } from 'kysely';

/** A file or link organisers attach to a session (migration 0046); attendees open it in the Docs tab. */
export interface SessionDocumentTable {
  id: Generated<string>;
  event_id: string;
  broadcast_id: string;
  kind: string;
  title: string;
  url: string;
  created_at: Generated<Date>;
}

export interface SessionDocumentsTables {
  session_documents: SessionDocumentTable;
}
