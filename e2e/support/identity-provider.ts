// The server's own test OpenID provider (oidc-provider on loopback), reused by the e2e journeys.
// The server's declarations of the untyped oidc-provider module must come along; a reference is
// the only way to name a file of ambient declarations.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../apps/server/test/oidc-provider.d.ts" />

export {
  startIdentityProvider,
  type TestIdentityProvider,
} from '../../apps/server/test/identity-provider.ts';
