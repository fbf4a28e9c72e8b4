export * from './messages.ts';
export * from './password.ts';
export * from './api.ts';
export * from './identity.ts';
export * from './sign-in.ts';
export * from './navigation/index.ts';
export * from './transcoder.ts';
export * from './access/index.ts';
