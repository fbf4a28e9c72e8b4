import { isSeoExportAvailable, sourceLabel, sourceOptions, usesAssetLibraryDialog } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';

/** Build-time regional switch (spec 001 §9): `VITE_STUDIO_REGION=EU` builds the EU studio. */
export const isEuRegion = (): boolean =>
  String(import.meta.env.VITE_STUDIO_REGION ?? '').toUpperCase() === 'EU';

/** The signed-in member, their organisation and what its flags mean for the library (spec 000 §3, §6). */
export function useLibrarySettings() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (!user.organization) throw new Error('The video library needs an organization');
  const organizationId = user.organization;
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  const flags = organization.feature_flags;
  const eu = isEuRegion();
  return {
    user,
    organizationId,
    organization,
    flags,
    isEuRegion: eu,
    /** The legacy upload flow: an organisation without Content Lab (Source column and Edit hidden). */
    legacyMode: !organization.content_lab_enabled,
    workspacesEnabled: organization.is_workspace_enabled,
    seoExport: isSeoExportAvailable(flags),
    assetLibraryVariant: usesAssetLibraryDialog(flags, eu),
    hlsGuard: organization.useHLSGuard,
    sourceLabel: (source: string) => sourceLabel(source, flags.Use_CL_Uploads_In_VL),
    sourceOptions: (isContentPage: boolean) => sourceOptions(flags, { isContentPage, isEuRegion: eu }),
  };
}

export type LibrarySettings = ReturnType<typeof useLibrarySettings>;
