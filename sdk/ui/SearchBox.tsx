import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

/** Study-list search is debounced by 500 ms (D1 §5). */
export const SEARCH_DEBOUNCE_MS = 500;

const Input = styled.input`
  font: inherit;
  padding: 8px 10px;
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  /* 240px where there is room, never wider than the container (a 360 px phone). */
  width: 240px;
  max-width: 100%;
  min-width: 0;
`;

export interface SearchBoxProps {
  value?: string;
  placeholder?: string;
  delay?: number;
  /** Called once typing pauses for `delay` ms. */
  onSearch: (value: string) => void;
}

export function SearchBox({ value = '', placeholder, delay = SEARCH_DEBOUNCE_MS, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cb = useRef(onSearch);
  cb.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return (
    <Input
      part="search"
      type="search"
      value={text}
      placeholder={placeholder}
      aria-label={placeholder ?? 'Search'}
      onChange={(e) => {
        const v = e.target.value;
        setText(v);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => cb.current(v), delay);
      }}
    />
  );
}
