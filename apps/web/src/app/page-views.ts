export interface PageView {
  href: string;
  title: string;
  at: number;
}

const RECENT_LIMIT = 100;
const recent: PageView[] = [];

/** Spec 001 §2.4: every route change is a page view, kept in memory (no third-party tracker). */
export function trackPageView(view: PageView): void {
  recent.push(view);
  if (recent.length > RECENT_LIMIT) recent.shift();
}

export function recentPageViews(): readonly PageView[] {
  return recent;
}
