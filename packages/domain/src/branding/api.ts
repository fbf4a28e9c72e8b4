import { z } from 'zod';
import { brandingAnswerShape, brandingRequestSchema, type BrandingState } from './fields.ts';

/** The branding of an event, template or brand kit as answered: the event-level fields, flat, and `theme_obj`. */
export const brandingAnswerSchema = z.object(brandingAnswerShape);
export type BrandingAnswer = z.output<typeof brandingAnswerSchema>;
export const toBrandingAnswer = (state: BrandingState): BrandingAnswer => ({
  ...state.event,
  theme_obj: state.theme,
});

/** `GET|PUT /api/core/organization/{id}/brand_kit/`: the organisation's default branding. */
export const brandKitSchema = brandingAnswerSchema.extend({
  organization: z.string(),
  /** Null until the kit is first saved (the defaults apply). */
  updated_at: z.string().nullable(),
});
export type BrandKit = z.output<typeof brandKitSchema>;
/** PUT: any branding fields, merged into the kit as a PATCH of an event would be. */
export const brandKitRequestSchema = brandingRequestSchema;
