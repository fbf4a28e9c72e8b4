import {
  applyBrandingRequest,
  brandingErrors,
  brandingLocked,
  BRANDING_LOCKED_CODE,
  brandingRequestOf,
  fillBranding,
  lockErrors,
  LOCKED_EVENT_FIELDS,
  LOCKED_THEME_FIELDS,
  refillDemoCta,
  toBrandingAnswer,
  type BrandingAnswer,
  type BrandingContext,
  type BrandingRequest,
  type BrandingState,
  type BrandKit,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { BrandKitsRepository } from './brand-kits.repository.ts';

/** An event's, template's or kit's stored branding: the two jsonb documents ('{}' until saved). */
export interface StoredBranding {
  branding: Readonly<Record<string, unknown>>;
  theme_obj: Readonly<Record<string, unknown>>;
}

/** What the rules of one save depend on: the event's type and plan, and its start (null: a template, never locked). */
export interface BrandingTarget extends BrandingContext {
  startTime: Date | null;
  /** Stored values of locked fields kept outside the branding documents (e.g. the filler slide). */
  lockedValues?: Readonly<Record<string, unknown>>;
}

/** The kit's rules: as strict as a conference with booths (it seeds every kind of event). */
const KIT_CONTEXT: BrandingContext = { eventType: 'Conference', boothsTab: true };

const errorsBody = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));

const refused = (code: string, errors: Record<string, string>) =>
  new HttpError(400, code, Object.values(errors)[0] ?? code, errorsBody(errors));

const toStored = (state: BrandingState): StoredBranding => ({
  branding: state.event,
  theme_obj: state.theme,
});

const stateOf = (stored: StoredBranding) => fillBranding(stored.branding, stored.theme_obj);

/** The state after a save: the request merged, an off demo request's empty texts refilled (002 §4.6). */
function saved(state: BrandingState, request: BrandingRequest): BrandingState {
  const next = applyBrandingRequest(state, request);
  return { event: refillDemoCta(next.event), theme: refillDemoCta(next.theme) };
}

/**
 * Branding's rules on the server (issue 18): the events area stores an event's or template's
 * branding and asks this service to check a save (field rules, module rules, locks with the
 * injected clock); the organisation's brand kit lives here.
 */
export function createBrandingService(deps: { kits: BrandKitsRepository; clock: () => Date }) {
  const { kits, clock } = deps;

  async function kitState(organizationId: string, tx?: Executor): Promise<BrandingState> {
    const kit = await kits.find(organizationId, tx);
    return kit ? stateOf(kit) : fillBranding(null, null);
  }

  return {
    /** The answer's branding fields (flat) and `theme_obj`, defaults filled. */
    answer: (stored: StoredBranding): BrandingAnswer => toBrandingAnswer(stateOf(stored)),

    /**
     * The documents to store after a PATCH (undefined: it has no branding field). Refuses 400:
     * `BRANDING_LOCKED` when it changes a locked setting of an event within 60 minutes of its
     * start, else `VALIDATION_ERROR` with every module rule it breaks; nothing is saved then.
     */
    checked(stored: StoredBranding, request: Readonly<Record<string, unknown>>, target: BrandingTarget) {
      const part = brandingRequestOf(request);
      const locked = target.startTime !== null && brandingLocked(target.startTime, clock());
      if (locked) {
        const state = stateOf(stored);
        const errors = lockErrors(
          { event: { ...state.event, ...target.lockedValues }, theme: state.theme },
          request,
        );
        if (Object.keys(errors).length > 0) throw refused(BRANDING_LOCKED_CODE, errors);
      }
      if (!part) return undefined;
      const next = saved(stateOf(stored), part);
      const errors = brandingErrors(next, target);
      if (Object.keys(errors).length > 0) throw refused('VALIDATION_ERROR', errors);
      return toStored(next);
    },

    /** What a new event or template starts from: the organisation's kit (without one, nothing: the defaults). */
    async startingBranding(organizationId: string, tx?: Executor): Promise<StoredBranding> {
      const kit = await kits.find(organizationId, tx);
      return kit ? { branding: kit.branding, theme_obj: kit.theme_obj } : { branding: {}, theme_obj: {} };
    },

    /**
     * The kit as a request onto an event: every field of the kit, but the locked settings of an
     * event within the window keep their values (002 §5.4).
     */
    async kitRequest(organizationId: string, startTime: Date | null): Promise<BrandingRequest> {
      const { event, theme } = await kitState(organizationId);
      if (startTime === null || !brandingLocked(startTime, clock())) return { ...event, theme_obj: theme };
      const unlockedEvent = Object.fromEntries(
        Object.entries(event).filter(
          ([field]) => !(LOCKED_EVENT_FIELDS as readonly string[]).includes(field),
        ),
      );
      const unlockedTheme = Object.fromEntries(
        Object.entries(theme).filter(
          ([field]) => !(LOCKED_THEME_FIELDS as readonly string[]).includes(field),
        ),
      );
      return { ...unlockedEvent, theme_obj: unlockedTheme };
    },

    async getKit(organizationId: string): Promise<BrandKit> {
      const kit = await kits.find(organizationId);
      return {
        organization: organizationId,
        ...toBrandingAnswer(kit ? stateOf(kit) : fillBranding(null, null)),
        updated_at: kit ? kit.updated_at.toISOString() : null,
      };
    },

    /** The organisation's brand kit as its pages wear it that belong to no event (hub pages). */
    kitBranding: (organizationId: string): Promise<BrandingState> => kitState(organizationId),

    /** PUT: the fields given merged into the kit, checked as an event's save (no locks). */
    async putKit(organizationId: string, userId: string, request: BrandingRequest): Promise<BrandKit> {
      // Merged into the kit as stored under its row's lock: concurrent saves of different fields all stay.
      const kit = await kits.saveFrom(organizationId, userId, (stored) => {
        const next = saved(stored ? stateOf(stored) : fillBranding(null, null), request);
        const errors = brandingErrors(next, KIT_CONTEXT);
        if (Object.keys(errors).length > 0) throw refused('VALIDATION_ERROR', errors);
        return toStored(next);
      });
      return {
        organization: organizationId,
        ...toBrandingAnswer(stateOf(kit)),
        updated_at: kit.updated_at.toISOString(),
      };
    },
  };
}
export type BrandingService = ReturnType<typeof createBrandingService>;
