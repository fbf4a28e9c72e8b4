import { describe, expect, it } from 'vitest';
import { moduleLink, moduleLinks } from './module-links.ts';

describe('module links', () => {
  it('gives the provided value when used, and fails loudly when unprovided or provided twice', () => {
    const link = moduleLink<() => number>('answer');
    expect(() => link.use()).toThrow("The module link 'answer' is not provided.");
    link.provide(() => 42);
    expect(link.use()()).toBe(42);
    expect(() => link.provide(() => 0)).toThrow("The module link 'answer' is provided twice.");
  });

  it('collects every provider of a many-provider link', () => {
    const links = moduleLinks<string>('usage');
    expect(links.all()).toEqual([]);
    links.provide('events');
    links.provide('templates');
    expect(links.all()).toEqual(['events', 'templates']);
  });
});
