export * from './image-rules.ts';
export * from './presets.ts';
export * from './file-urls.ts';
