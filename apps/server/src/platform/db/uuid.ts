import { z } from 'zod';

/** Whether a value is a uuid: a malformed id is simply not found, never sent to the database. */
export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;
