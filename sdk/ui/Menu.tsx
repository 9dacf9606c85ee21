import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from './Button';
import { tokens } from './theme';

const Wrap = styled.div`
  position: relative;
  display: inline-block;
`;
const List = styled.ul<{ $align: 'start' | 'end' }>`
  position: absolute;
  ${(p) => (p.$align === 'end' ? 'right: 0;' : 'left: 0;')}
  top: 100%;
  z-index: 800;
  list-style: none;
  margin: ${tokens.space1} 0 0;
  padding: ${tokens.space1} 0;
  min-width: 200px;
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  li {
    padding: ${tokens.space2} ${tokens.space4};
    cursor: pointer;
    white-space: nowrap;
    color: ${tokens.text};
  }
  li:hover, li:focus { background: ${tokens.surfaceAlt}; outline: none; }
  li:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -2px; }
  li[aria-disabled='true'] { color: ${tokens.muted}; cursor: default; }
`;

export interface MenuItem {
  id: string;
  label: ReactNode;
  /** Text for type-ahead when the label is not plain text. */
  textValue?: string;
  disabled?: boolean;
  onSelect: () => void;
}

export interface MenuProps {
  /** Content of the menu button. */
  label: ReactNode;
  items: MenuItem[];
  /** Which edge of the button the list lines up with (default start). */
  align?: 'start' | 'end';
  variant?: ButtonVariant;
  /** Accessible name of the button when `label` is an icon. */
  buttonLabel?: string;
  part?: string;
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or ArrowDown opens on the first item, ArrowUp on the
 * last; ArrowUp/ArrowDown move (wrapping), Home/End jump, a letter jumps to the next item starting
 * with it; Enter or Space activates and closes; Escape closes; both return focus to the button.
 * Tab or a click outside closes without moving focus.
 */
export function Menu({ label, items, align = 'start', variant = 'secondary', buttonLabel, part = 'menu' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonId = useId();
  const listId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const enabled = items.map((it, i) => (it.disabled ? -1 : i)).filter((i) => i >= 0);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    // composedPath sees through shadow roots: a click anywhere outside this menu closes it.
    const onDown = (e: PointerEvent) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  const openAt = (index: number) => {
    if (enabled.length === 0) return;
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const activate = (i: number) => {
    const item = items[i];
    if (!item || item.disabled) return;
    close(true);
    item.onSelect();
  };
  const step = (dir: 1 | -1) => {
    const pos = enabled.indexOf(active);
    setActive(enabled[(pos + dir + enabled.length) % enabled.length]);
  };
  const text = (it: MenuItem) => (it.textValue ?? (typeof it.label === 'string' ? it.label : '')).toLowerCase();

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(enabled[0]);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(enabled[enabled.length - 1]);
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    switch (e.key) {
      case 'ArrowDown':
        step(1);
        break;
      case 'ArrowUp':
        step(-1);
        break;
      case 'Home':
        setActive(enabled[0]);
        break;
      case 'End':
        setActive(enabled[enabled.length - 1]);
        break;
      case 'Enter':
      case ' ':
        activate(active);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default: {
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
        const ch = e.key.toLowerCase();
        const pos = enabled.indexOf(active);
        const order = [...enabled.slice(pos + 1), ...enabled.slice(0, pos + 1)];
        const hit = order.find((i) => text(items[i]).startsWith(ch));
        if (hit !== undefined) setActive(hit);
      }
    }
    // Handled here: a dialog around the menu must not also close on this Escape.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <Wrap ref={wrap} part={part}>
      <Button
        ref={button}
        id={buttonId}
        $variant={variant}
        part={`${part}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : openAt(enabled[0]))}
        onKeyDown={onButtonKey}
      >
        {label}
      </Button>
      {open ? (
        <List id={listId} role="menu" aria-labelledby={buttonId} $align={align} part={`${part}-list`} onKeyDown={onListKey}>
          {items.map((it, i) => (
            <li
              key={it.id}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={it.disabled || undefined}
              data-id={it.id}
              onClick={() => activate(i)}
              onMouseEnter={() => !it.disabled && setActive(i)}
            >
              {it.label}
            </li>
          ))}
        </List>
      ) : null}
    </Wrap>
  );
}
