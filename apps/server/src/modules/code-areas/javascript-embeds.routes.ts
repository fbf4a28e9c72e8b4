import { javascriptEmbedsHidden, type Permission } from '@studio/domain';
import { z } from 'zod';
import { ownOrganization } from '../../platform/http/access-rules.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { registerCodeAreasRoutePair } from './code-areas.routes.ts';
import type { CodeAreasService } from './code-areas.service.ts';

const organizationParams = z.object({ id: z.string() });

/** Whether the caller's organisation has workspaces (teams) enabled. */
export type WorkspacesEnabledOf = (caller: OrganizationCaller) => Promise<boolean>;

/**
 * JavaScript embeds (`/integrations/javascript-embeds`, 001 §2.3, §3): the organisation's code
 * areas on its hub pages, `GET|PATCH /api/core/organization/{id}/code_areas/` — an integration
 * setting, refused (403) to team admins when workspaces are enabled; another organisation's id is 404.
 */
export function registerJavascriptEmbedsRoutes(
  app: HttpServer,
  service: CodeAreasService,
  workspacesEnabledOf: WorkspacesEnabledOf,
): void {
  const organizationGuard = (permission: Permission) =>
    guard({
      permission,
      scope: async (caller) => {
        if (javascriptEmbedsHidden(caller.role, await workspacesEnabledOf(caller))) throw forbidden();
        return caller;
      },
      load: ownOrganization,
    });
  registerCodeAreasRoutePair(app, {
    path: '/api/core/organization/:id/code_areas/',
    params: organizationParams,
    readable: organizationGuard('integration:read'),
    editable: organizationGuard('integration:update'),
    get: service.organizationAreas,
    update: service.updateOrganizationAreas,
  });
}
