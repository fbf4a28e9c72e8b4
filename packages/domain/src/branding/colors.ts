import { brandingMessages } from './messages.ts';

/** Spec 002 §5.2: a hex colour has 3, 6 or 8 digits. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGBA_COLOR = /^rgba?\(\s*([^)]*)\)$/i;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

/**
 * Parses `rgb(r, g, b)` or `rgba(r, g, b, a)`; throws 'Invalid RGBA color value.' otherwise
 * (002 §5.2). Channels must be 0–255; the alpha is clamped to at most 1.
 */
export function parseRgba(value: string): Rgba {
  const match = RGBA_COLOR.exec(value.trim());
  const parts = match?.[1]?.split(',').map((part) => part.trim()) ?? [];
  if (parts.length < 3 || parts.length > 4 || !parts.every((part) => NUMBER.test(part))) {
    throw new Error(brandingMessages.invalidRgba);
  }
  const [r, g, b, a = 1] = parts.map(Number) as [number, number, number, number?];
  if (![r, g, b].every((channel) => channel >= 0 && channel <= 255) || a < 0) {
    throw new Error(brandingMessages.invalidRgba);
  }
  return { r, g, b, a: Math.min(a, 1) };
}

export const formatRgba = ({ r, g, b, a }: Rgba): string => `rgba(${r}, ${g}, ${b}, ${a})`;

/** Hex (3, 6, 8 digits) to rgba; the 8th and 7th digits are the alpha. */
export function hexToRgba(hex: string): Rgba {
  if (!isHexColor(hex)) throw new Error(brandingMessages.invalidRgba);
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const channel = (index: number) => parseInt(full.slice(index, index + 2), 16);
  const alpha = full.length === 8 ? Math.round((channel(6) / 255) * 100) / 100 : 1;
  return { r: channel(0), g: channel(2), b: channel(4), a: alpha };
}

/** A colour the editor stores: hex as given, rgba with its alpha clamped to 1; null if neither. */
export function normalizeColor(value: string): string | null {
  const trimmed = value.trim();
  if (isHexColor(trimmed)) return trimmed;
  try {
    return formatRgba(parseRgba(trimmed));
  } catch {
    return null;
  }
}

export const isColor = (value: string): boolean => normalizeColor(value) !== null;

/** 002 §9: the colour picker starts at black. */
export const DEFAULT_PICKER_COLOR = 'rgba(0, 0, 0, 1)';

/** WCAG AA's least contrast for text. */
export const TEXT_CONTRAST = 4.5;

/** WCAG 2's relative luminance of an opaque colour (hex or rgba; the alpha is not looked at). */
function luminance(color: string): number {
  const { r, g, b } = isHexColor(color) ? hexToRgba(color) : parseRgba(color);
  const [red, green, blue] = [r, g, b].map((channel) => {
    const share = channel / 255;
    return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2's contrast ratio of two colours (1 to 21). */
export function contrastRatio(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
