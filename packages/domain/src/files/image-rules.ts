/** Spec 000 §5 image checks: an exact ratio, a ratio range, or a maximum size; a failure shows `message`. */
export interface ImageRule {
  aspectRatio?: number;
  aspectRatioRange?: { min: number; max: number };
  maxWidth?: number;
  maxHeight?: number;
  message: string;
}

/** Ratios are compared to two decimals: 1920×1080 and 1280×720 are both 16:9. */
const RATIO_TOLERANCE = 0.01;

/** The configured message when a picture's size breaks the rule, else null (browser and server alike). */
export function imageProblem(
  size: { width: number; height: number },
  rule: ImageRule | undefined,
): string | null {
  if (!rule) return null;
  const { width, height } = size;
  if (width <= 0 || height <= 0) return rule.message;
  const ratio = width / height;
  if (rule.aspectRatio !== undefined && Math.abs(ratio - rule.aspectRatio) > RATIO_TOLERANCE)
    return rule.message;
  if (
    rule.aspectRatioRange &&
    (ratio < rule.aspectRatioRange.min - RATIO_TOLERANCE ||
      ratio > rule.aspectRatioRange.max + RATIO_TOLERANCE)
  ) {
    return rule.message;
  }
  if (rule.maxWidth !== undefined && width > rule.maxWidth) return rule.message;
  if (rule.maxHeight !== undefined && height > rule.maxHeight) return rule.message;
  return null;
}
