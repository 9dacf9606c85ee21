import { useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors,
  type Announcements, type DragEndEvent, type DragStartEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { tokens } from './theme';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space2};
`;
const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${tokens.space2};
  padding: ${tokens.space2} ${tokens.space3};
  background: ${tokens.surface};
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  &[data-dragging='true'] { opacity: 0.4; }
  &[data-overlay='true'] { box-shadow: ${tokens.shadow}; border-color: ${tokens.primary}; cursor: grabbing; }
  .handle {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 28px;
    height: 28px;
    flex: none;
    border: 1px solid transparent;
    border-radius: ${tokens.radius};
    background: none;
    color: ${tokens.muted};
    cursor: grab;
    touch-action: none;
  }
  .handle:hover { background: ${tokens.surfaceAlt}; }
  .body { flex: 1; min-width: 0; }
`;

const Grip = () => (
  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
    {[3, 7, 11].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />))}
  </svg>
);

export interface SortableListProps<T> {
  items: T[];
  getId: (item: T) => UniqueIdentifier;
  /** Text of an item, for the handle's name and the announcements. */
  itemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The whole list in its new order, after a drop that moved something. */
  onReorder: (items: T[]) => void;
  /** Names the list. */
  label: string;
  disabled?: boolean;
}

function Item({ id, label, disabled, children }: { id: UniqueIdentifier; label: string; disabled?: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <Row
      ref={setNodeRef}
      part="sortable-item"
      data-id={String(id)}
      data-dragging={isDragging}
      // Translate only: the vertical strategy never scales, and @dnd-kit/utilities is not a direct dependency.
      style={{ transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <button type="button" className="handle" ref={setActivatorNodeRef} aria-label={`Move ${label}`} {...attributes} {...listeners}>
        <Grip />
      </button>
      <div className="body">{children}</div>
    </Row>
  );
}

/**
 * A list reordered by dragging the grip (pointer) or from the keyboard: Tab to an item's grip,
 * Space or Enter picks it up, ArrowUp/ArrowDown move it, Space or Enter drops, Escape cancels;
 * each step is announced in a live region. The drag overlay and the live region render inside
 * the list (so inside the element's shadow root), never in document.body.
 */
export function SortableList<T>({ items, getId, itemLabel, renderItem, onReorder, label, disabled }: SortableListProps<T>) {
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const byId = (id: UniqueIdentifier) => items.find((it) => getId(it) === id);
  const name = (id: UniqueIdentifier) => {
    const it = byId(id);
    return it === undefined ? String(id) : itemLabel(it);
  };
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : ids.indexOf(id) + 1);
  // dnd-kit reports "over" at pick-up too (over itself); saying nothing then keeps "Picked up…"
  // in the live region instead of replacing it at once.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${name(active.id)}. Position ${position(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${name(active.id)} moved to position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${position(over.id)} of ${ids.length}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${name(active.id)} is back at position ${position(active.id)} of ${ids.length}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };
  const active = activeId === null ? undefined : byId(activeId);
  return (
    <div part="sortable-list">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: 'To pick up an item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
          },
        }}
        onDragStart={({ active: a }: DragStartEvent) => setActiveId(a.id)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
          <List aria-label={label}>
            {items.map((it) => {
              const id = getId(it);
              return (
                <Item key={String(id)} id={id} label={itemLabel(it)} disabled={disabled}>
                  {renderItem(it)}
                </Item>
              );
            })}
          </List>
        </SortableContext>
        <DragOverlay>
          {active !== undefined ? (
            <Row as="div" data-overlay="true" part="sortable-overlay">
              <span className="handle" aria-hidden="true">
                <Grip />
              </span>
              <div className="body">{renderItem(active)}</div>
            </Row>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
