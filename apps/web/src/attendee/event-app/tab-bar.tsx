import { engagementPanelMessages as words } from '@studio/domain';

export interface TabEntry {
  id: string;
  title: string;
  /** A count shown beside the title (unread messages). */
  badge?: number;
  /** The tab's name when it says more than its title (what its badge counts). */
  label?: string | undefined;
}

/**
 * A row of tabs: it wraps onto a second row when wider than the screen, or with `scroll` stays one
 * row that scrolls sideways (the stage sidebar's, so its panel starts near the player on a phone);
 * the one opened scrolls into view, arrow keys move between them.
 */
export function Tabs({
  label,
  tabs,
  open,
  onOpen,
  scroll = false,
}: {
  label: string;
  tabs: TabEntry[];
  open: string;
  onOpen: (id: string) => void;
  scroll?: boolean;
}) {
  const choose = (index: number, button: HTMLElement | null) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onOpen(tab.id);
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const move = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const sibling = (
      step > 0 ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling
    ) as HTMLButtonElement | null;
    choose(index + step, sibling);
    sibling?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={scroll ? 'tab-bar scroll' : 'tab-bar'}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === open}
          aria-label={tab.label}
          tabIndex={tab.id === open ? 0 : -1}
          className={tab.id === open ? 'tab selected' : 'tab'}
          onClick={(click) => choose(index, click.currentTarget)}
          onKeyDown={(key) => move(key, index)}
        >
          {tab.title}
          {tab.badge ? (
            <span className="count" aria-label={words.unread(tab.badge)}>
              {tab.badge}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
