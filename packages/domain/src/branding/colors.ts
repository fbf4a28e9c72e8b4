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
