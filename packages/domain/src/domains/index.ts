export * from './registration-domains.ts';
