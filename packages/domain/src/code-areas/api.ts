import { z } from 'zod';
import { PAGE_CODE_AREAS, type CodeArea, type PageCodeArea } from './areas.ts';
import { codeAreaRefusal } from './validation.ts';

/** Far beyond any limit: the area's own rules say the rest (in the spec's words). */
const code = z.string().max(100_000);

/** Adds the area's refusal (limit, restricted tag or keyword) as the field's issue. */
const refuse = (area: CodeArea, value: string | undefined, path: string, context: z.RefinementCtx) => {
  const message = value === undefined ? undefined : codeAreaRefusal(area, value);
  if (message) context.addIssue({ code: 'custom', message, path: [path] });
};

/** GET /api/event/{id}/code_areas/: every area's stored code ('' when empty). */
export const pageCodeAreasSchema = z.object(
  Object.fromEntries(PAGE_CODE_AREAS.map((area) => [area, z.string()])) as Record<PageCodeArea, z.ZodString>,
);
export type PageCodeAreas = z.infer<typeof pageCodeAreasSchema>;

/** PATCH /api/event/{id}/code_areas/: any of the areas; each re-checked on the server (never trust the editor). */
export const updatePageCodeAreasSchema = z
  .object(
    Object.fromEntries(PAGE_CODE_AREAS.map((area) => [area, code.optional()])) as Record<
      PageCodeArea,
      z.ZodOptional<typeof code>
    >,
  )
  .strict()
  .superRefine((body, context) => {
    for (const area of PAGE_CODE_AREAS) refuse(area, body[area], area, context);
  });
export type UpdatePageCodeAreas = z.infer<typeof updatePageCodeAreasSchema>;

/** POST /api/event/{id}/tracking_snippet/ `{body_section_script}` (002 §7.2); also its GET answer. */
export const trackingSnippetSchema = z
  .object({ body_section_script: code })
  .superRefine((body, context) =>
    refuse('tracking_snippet', body.body_section_script, 'body_section_script', context),
  );
export type TrackingSnippet = z.infer<typeof trackingSnippetSchema>;
export const trackingSnippetAnswerSchema = z.object({ body_section_script: z.string() });
