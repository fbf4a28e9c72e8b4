export * from './image-rules.ts';
export * from './presets.ts';
