import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const List = styled.div`
  display: flex;
  gap: ${tokens.space1};
  border-bottom: 1px solid ${tokens.border};
  [role='tab'] {
    font: inherit;
    background: none;
    border: 0;
    border-bottom: 3px solid transparent;
    padding: ${tokens.space2} ${tokens.space4};
    margin-bottom: -1px;
    color: ${tokens.muted};
    cursor: pointer;
  }
  [role='tab'][aria-selected='true'] { color: ${tokens.text}; border-bottom-color: ${tokens.primary}; font-weight: 600; }
  [role='tab']:disabled { opacity: 0.5; cursor: not-allowed; }
`;
const Panel = styled.div`
  padding: ${tokens.space4} 0;
`;

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Names the tab list. */
  label: string;
  /** Controlled selection; leave out to let Tabs keep it. */
  selected?: string;
  defaultSelected?: string;
  onChange?: (id: string) => void;
}

/**
 * Tabs (APG, automatic activation): one tab in the Tab order (roving tabindex); ArrowLeft/Right
 * move and select (wrapping), Home/End jump; Tab moves on into the panel, which the tab labels.
 */
export function Tabs({ tabs, label, selected, defaultSelected, onChange }: TabsProps) {
  const [own, setOwn] = useState(defaultSelected ?? tabs.find((t) => !t.disabled)?.id);
  const current = selected ?? own;
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement | null>());
  const enabled = tabs.filter((t) => !t.disabled);
  const select = (id: string, focus: boolean) => {
    if (selected === undefined) setOwn(id);
    onChange?.(id);
    if (focus) refs.current.get(id)?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const pos = enabled.findIndex((t) => t.id === current);
    const to =
      e.key === 'ArrowRight' ? enabled[(pos + 1) % enabled.length]
      : e.key === 'ArrowLeft' ? enabled[(pos - 1 + enabled.length) % enabled.length]
      : e.key === 'Home' ? enabled[0]
      : e.key === 'End' ? enabled[enabled.length - 1]
      : null;
    if (!to) return;
    e.preventDefault();
    select(to.id, true);
  };
  const active = tabs.find((t) => t.id === current);
  return (
    <div part="tabs">
      <List role="tablist" aria-label={label} onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current.set(t.id, el);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === current}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === current ? 0 : -1}
            disabled={t.disabled}
            onClick={() => select(t.id, false)}
          >
            {t.label}
          </button>
        ))}
      </List>
      {active ? (
        <Panel role="tabpanel" id={`${base}-panel-${active.id}`} aria-labelledby={`${base}-tab-${active.id}`} tabIndex={0} part="tab-panel">
          {active.content}
        </Panel>
      ) : null}
    </div>
  );
}
