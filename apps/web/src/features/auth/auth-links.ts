/** A sign-in page's address carrying the email typed so far, so the next page need not ask again. */
export function withEmail(path: string, email: string | null | undefined): string {
  const trimmed = email?.trim();
  return trimmed ? `${path}?${new URLSearchParams({ email: trimmed })}` : path;
}
