import { z } from 'zod';

/** Messages of Content Lab's saved searches (our design: spec 000 gives only the address). */
export const savedSearchMessages = {
  searchPlaceholder: 'Search clips by name or what is said',
  saveSearch: 'Save search',
  searchName: 'Name',
  searchSaved: 'Search saved.',
  searchRenamed: 'Saved search renamed.',
  searchDeleted: 'Saved search deleted.',
  savedSearches: 'Saved searches',
  noSavedSearches: 'No saved searches yet. Search your clips below, then save the search to come back to it.',
  noMatches: 'No clips match this search.',
  rename: 'Rename',
  delete: 'Delete',
  verticalOnly: 'Vertical clips only',
  sharedOnly: 'Shared clips only',
} as const;

/** What a Content Lab clip search narrows to, besides its text (all optional; absent means any). */
export const clipSearchFiltersSchema = z
  .object({
    /** Clips cut from this library video. */
    video_asset: z.string().uuid().optional(),
    vertical: z.boolean().optional(),
    shared: z.boolean().optional(),
  })
  .strict();
export type ClipSearchFilters = z.infer<typeof clipSearchFiltersSchema>;

/** The text matched against clip names, case-insensitively; empty matches every clip. */
const searchQuery = z.string().trim().max(255);
const searchName = z.string().trim().min(1).max(255);

export const createSavedSearchRequestSchema = z.object({
  name: searchName,
  query: searchQuery.default(''),
  filters: clipSearchFiltersSchema.default({}),
});
export type CreateSavedSearchRequest = z.input<typeof createSavedSearchRequestSchema>;

/** Rename, or change what it searches. */
export const updateSavedSearchRequestSchema = z.object({
  name: searchName.optional(),
  query: searchQuery.optional(),
  filters: clipSearchFiltersSchema.optional(),
});
export type UpdateSavedSearchRequest = z.input<typeof updateSavedSearchRequestSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  filters: clipSearchFiltersSchema,
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** A search before it is saved: the same criteria as query parameters (`vertical=true`). */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
export const clipSearchQuerySchema = z.object({
  query: searchQuery.default(''),
  video_asset: z.string().uuid().optional(),
  vertical: flag.optional(),
  shared: flag.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** Spec 000 §4: a saved search's clips open at `/content/search/{savedSearchId}/clips`. */
export const savedSearchClipsPath = (savedSearchId: string) => `/content/search/${savedSearchId}/clips`;
