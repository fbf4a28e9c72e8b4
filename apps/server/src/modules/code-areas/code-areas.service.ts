import {
  PAGE_HOOK_AREAS,
  type PageCodeAreas,
  type PageHookArea,
  type TrackingSnippet,
  type UpdatePageCodeAreas,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { EventCopyStep, TemplateCopyLink } from '../back-office/event-copy.ts';
import type { CodeAreasRepository, CodeOwnerRef } from './code-areas.repository.ts';
import { refuseLintErrors } from './code-lint.ts';

/**
 * Whose code a request is about, as the guard loaded it (visible to the caller, in their
 * organisation): an event, a series or a template.
 */
export interface CodeAreaOwner extends CodeOwnerRef {
  organizationId: string;
}

/** What an event's public pages run: its Head and Body HTML, hooks and tracking snippet. */
export interface PageCode {
  head: string;
  body: string;
  hooks: Partial<Record<PageHookArea, string>>;
  trackingSnippet: string;
}

/** What a page runs of stored areas; undefined when all are empty (the page stays strict). */
function pageCode(areas: PageCodeAreas, trackingSnippet: string): PageCode | undefined {
  const hooks = Object.fromEntries(
    PAGE_HOOK_AREAS.filter((area) => areas[area].trim() !== '').map((area) => [area, areas[area]]),
  );
  const code = { head: areas.head, body: areas.body, hooks, trackingSnippet };
  const empty = !code.head.trim() && !code.body.trim() && !code.trackingSnippet.trim();
  return empty && Object.keys(hooks).length === 0 ? undefined : code;
}

/**
 * Custom code areas and tracking snippets (issue 17 §4, §5). The request schemas have already
 * re-checked limits, restricted tags and keywords (the domain's `codeAreaRefusal`), and every save
 * runs the editor's HTMLHint and JSHint rules (code-lint.ts): the browser's lint is never trusted.
 */
export function createCodeAreasService(codeAreas: CodeAreasRepository) {
  return {
    get: async (owner: CodeAreaOwner): Promise<PageCodeAreas> => (await codeAreas.find(owner)).areas,

    update: async (owner: CodeAreaOwner, userId: string, changes: UpdatePageCodeAreas) => {
      refuseLintErrors(changes);
      return (await codeAreas.save(owner.organizationId, owner, changes, userId)).areas;
    },

    trackingSnippet: async (owner: CodeAreaOwner): Promise<TrackingSnippet> => ({
      body_section_script: (await codeAreas.find(owner)).trackingSnippet,
    }),

    saveTrackingSnippet: async (owner: CodeAreaOwner, userId: string, snippet: TrackingSnippet) => {
      refuseLintErrors({ tracking_snippet: snippet.body_section_script }, () => 'body_section_script');
      return {
        body_section_script: (await codeAreas.save(owner.organizationId, owner, snippet, userId))
          .trackingSnippet,
      };
    },

    /** For the attendee site: an event's or a series' code, or undefined when it has none (the page stays strict). */
    pageCodeOf: async (owner: CodeOwnerRef): Promise<PageCode | undefined> => {
      const { areas, trackingSnippet } = await codeAreas.find(owner);
      return pageCode(areas, trackingSnippet);
    },
    /** JavaScript embeds: the organisation's code areas on its hub pages (001 §2.3). */
    organizationAreas: (organizationId: string): Promise<PageCodeAreas> =>
      codeAreas.findOfOrganization(organizationId),
    updateOrganizationAreas: (organizationId: string, userId: string, changes: UpdatePageCodeAreas) => {
      refuseLintErrors(changes);
      return codeAreas.saveOfOrganization(organizationId, changes, userId);
    },
    /** For the attendee site's hub pages: the organisation's code, or undefined when it has none. */
    hubPageCodeOf: async (organizationId: string): Promise<PageCode | undefined> =>
      pageCode(await codeAreas.findOfOrganization(organizationId), ''),

    /**
     * A duplicated event keeps the source's code; a template's code is its own (copied by
     * `templateCode`), not its programme's.
     */
    copyStep: {
      copy: async ({ sourceEventId, targetEventId, templateProgramme, tx }) => {
        if (templateProgramme) return;
        await codeAreas.copy({ kind: 'event', id: sourceEventId }, { kind: 'event', id: targetEventId }, tx);
      },
      clear: async (eventId, tx) => {
        await codeAreas.clear(eventId, tx);
      },
    } satisfies EventCopyStep,

    /** A template made from an event, a duplicated template, an event made from a template: the source's code. */
    templateCode: {
      copy: (source: CodeOwnerRef, target: CodeOwnerRef, tx: Executor) => codeAreas.copy(source, target, tx),
    } satisfies TemplateCopyLink,
  };
}

export type CodeAreasService = ReturnType<typeof createCodeAreasService>;
