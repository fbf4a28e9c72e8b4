/** What the studio remembers between pages of one session, apart from server data. */
export interface StudioState {
  currentEventId: string | null;
  currentHubId: string | null;
  currentTemplateId: string | null;
  analyticsGroupToken: string | null;
  /** Branding edits not saved yet, by module id. */
  brandingChanges: Readonly<Record<string, unknown>>;
}

const initialState: StudioState = {
  currentEventId: null,
  currentHubId: null,
  currentTemplateId: null,
  analyticsGroupToken: null,
  brandingChanges: {},
};

let state = initialState;

export const getStudioState = (): StudioState => state;

export function updateStudioState(changes: Partial<StudioState>): void {
  state = { ...state, ...changes };
}

/** Spec 001 §2.4: entering Events or Home forgets the current event, analytics token and branding edits. */
export function resetEventState(): void {
  updateStudioState({ currentEventId: null, analyticsGroupToken: null, brandingChanges: {} });
}

export function resetStudioState(): void {
  state = initialState;
}
