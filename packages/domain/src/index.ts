export * from './messages.ts';
export * from './password.ts';
export * from './api.ts';
export * from './identity.ts';
export * from './navigation/index.ts';
export * from './transcoder.ts';
