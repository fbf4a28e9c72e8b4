/** User-visible strings of the access area: the spec's verbatim, then ours (marked). */
export const accessMessages = {
  // Spec 000 §6 / 002 §6.
  featureNotEnabled: 'This feature is not enabled for your organization',
  // Spec 001 §8.
  permissionsFetchFailed: 'Error fetching user permissions',
  rolesFetchFailed: 'Error fetching user roles',
  tokensLoadFailed: "Couldn't load tokens at the moment! Try again.",
  tokenCreateFailed: "Couldn't create token at the moment! Try again.",
  tokenDeleteFailed: "Couldn't delete token at the moment! Try again.",
  tokenCreated: 'Token created.',
  tokenDeleted: 'Token deleted.',
  // Ours: the spec shows no text for these server answers.
  workspaceNameTaken: 'A team with this name already exists in your organization.',
  userNotInOrganization: 'This user is not a member of your organization.',
  apiTokenCannotManageTokens: 'API tokens cannot manage API tokens; sign in to do this.',
  customRolesDisabled: 'Custom roles are not enabled for your organization.',
  customRolePermissionsRequired: 'Choose at least one permission.',
  /** 409 on creating or renaming a custom role to a name the organisation already lists (any case). */
  customRoleNameTaken: 'A role with this name already exists.',
  builtInRoleReadOnly: 'Built-in roles cannot be changed or deleted.',
  customRoleCreated: 'Role created.',
  customRoleSaved: 'Role saved.',
  customRoleDeleted: 'Role deleted.',
  /** 409 on deleting a custom role someone still holds, or an event's default speaker role. */
  customRoleInUse: (people: number, events: number) => {
    const held = [
      people > 0 ? `held by ${people} ${people === 1 ? 'person' : 'people'} in your events` : null,
      events > 0 ? `the default speaker role of ${events} ${events === 1 ? 'event' : 'events'}` : null,
    ].filter((part) => part !== null);
    return `This role is ${held.join(' and is ')}. Choose another role there before deleting it.`;
  },
  featureFlagsReadOnly:
    'feature_flags cannot be changed here: feature flags are plan and operator switches, set by the operator.',
} as const;
