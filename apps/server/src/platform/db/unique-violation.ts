/** Whether a database error is PostgreSQL's unique violation (23505): the row's key is taken. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
