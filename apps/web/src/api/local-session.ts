import type { CurrentUser, TokenPair } from '@studio/domain';

/** Spec 001 §3: the part of the current user that is kept on the device. */
export type RememberedUser = Pick<
  CurrentUser,
  'id' | 'organization' | 'role' | 'is_admin' | 'is_content_lab_standalone' | 'workspaces' | 'requester_role'
>;

interface UserState {
  tokens: TokenPair;
  user: RememberedUser | null;
}

/** Spec 001 §9: one local storage key holds the user state, encoded. */
export const USER_STATE_KEY = 'studio.user-state';

function encode(state: UserState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}

function decode(stored: string): UserState | null {
  try {
    const bytes = Uint8Array.from(atob(stored), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as UserState;
  } catch {
    return null;
  }
}

function read(): UserState | null {
  const stored = localStorage.getItem(USER_STATE_KEY);
  return stored === null ? null : decode(stored);
}

function write(state: UserState): void {
  localStorage.setItem(USER_STATE_KEY, encode(state));
}

export const localSession = {
  tokens: () => read()?.tokens ?? null,
  saveTokens(tokens: TokenPair) {
    write({ tokens, user: read()?.user ?? null });
  },
  rememberedUser: () => read()?.user ?? null,
  rememberUser(user: CurrentUser) {
    const state = read();
    if (!state) return;
    const { id, organization, role, is_admin, is_content_lab_standalone, workspaces, requester_role } = user;
    write({
      tokens: state.tokens,
      user: { id, organization, role, is_admin, is_content_lab_standalone, workspaces, requester_role },
    });
  },
  clear() {
    localStorage.removeItem(USER_STATE_KEY);
  },
};
