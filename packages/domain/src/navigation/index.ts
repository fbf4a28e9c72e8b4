export * from './routes.ts';
export * from './guard.ts';
export * from './effects.ts';
export * from './document-title.ts';
export * from './links.ts';
export * from './workspaces.ts';
export * from './getting-started.ts';
