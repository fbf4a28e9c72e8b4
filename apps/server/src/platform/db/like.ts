/** Escapes a user's text for a `like`/`ilike` pattern: `%`, `_` and `\` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
