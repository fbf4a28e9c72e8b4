import type { Executor } from '../../platform/db/executor.ts';
import { createCodeAreasRepository } from './code-areas.repository.ts';
import { createCodeAreasService } from './code-areas.service.ts';

export { registerCodeAreasRoutes, registerContextCodeAreasRoutes } from './code-areas.routes.ts';
export { injectPageCode } from './page-code.ts';
export { registerJavascriptEmbedsRoutes } from './javascript-embeds.routes.ts';

/** Custom code areas and tracking snippets (issue 17 §4, §5). */
export const createCodeAreas = (db: Executor) => createCodeAreasService(createCodeAreasRepository(db));
