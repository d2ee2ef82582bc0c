import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  render(): ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected panel is rendered. */
export function OrderTabs<K extends string>({
  tabs,
  selected,
  onSelect,
}: {
  tabs: TabDefinition<K>[];
  selected: K;
  onSelect(key: K): void;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  );

  const focusTab = (next: number) => {
    const wrapped = (next + tabs.length) % tabs.length;
    onSelect(tabs[wrapped]!.key);
    buttons.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };
  const current = tabs[index]!;

  return (
    <div className="tabs">
      <div role="tablist" aria-label="Order" className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, position) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[position] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${current.key}`}
        className="tabs__panel"
      >
        {current.render()}
      </div>
    </div>
  );
}
