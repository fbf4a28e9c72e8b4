import { z } from 'zod';

/** Ids in paths are opaque strings; a malformed one is simply not found. */
export const idParams = z.object({ id: z.string().max(100) });
