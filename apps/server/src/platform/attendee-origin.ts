import type { Executor } from './db/executor.ts';

/** Where an organisation's attendee pages live (magic links, registration, the event app). */
export type AttendeeBaseUrl = (organizationId: string, tx?: Executor) => Promise<string>;
