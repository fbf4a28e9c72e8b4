import { findRole } from '@studio/domain';

/** A role as people read it: 'Organization Admin', 'Team Admin'…; 'Member' without one. */
export function roleLabel(role: string | null): string {
  if (!role) return 'Member';
  return findRole(role)?.display_name ?? role;
}
