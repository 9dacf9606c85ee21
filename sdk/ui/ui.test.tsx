import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { truncate } from './truncate';
import { pageWindow, Pagination, PageSizeSelect, PAGE_SIZES } from './Pagination';
import { Toast, TOAST_DURATION_ERROR, TOAST_DURATION_FEEDBACK } from './Toast';
import { SearchBox, SEARCH_DEBOUNCE_MS } from './SearchBox';
import { HostContext, Link } from './host';
import { Modal } from './Modal';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ui', () => {
  it('truncate cuts past 40 characters and ends with three dots', () => {
    expect(truncate('a'.repeat(40))).toBe('a'.repeat(40));
    expect(truncate('a'.repeat(41))).toBe(`${'a'.repeat(40)}...`);
    expect(truncate(null)).toBe('');
  });

  it('D1-060 D1-061 toast durations; a toast closes after its duration', () => {
    expect(TOAST_DURATION_FEEDBACK).toBe(4000);
    expect(TOAST_DURATION_ERROR).toBe(6000);
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Toast text="Hi" duration={TOAST_DURATION_ERROR} onClose={onClose} />);
    act(() => void vi.advanceTimersByTime(5999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a toast with no duration stays until dismissed', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Toast text="Kept" duration={null} onClose={onClose} />);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('SearchBox debounces by 500 ms and reports the last value once', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox placeholder="Search my studies..." onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('Search my studies...');
    fireEvent.change(input, { target: { value: 'a' } });
    act(() => void vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: 'ab' } });
    act(() => void vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('pagination window, page changes and page sizes', () => {
    expect(pageWindow(6, 20)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    const onChange = vi.fn();
    render(<Pagination page={2} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Next page'));
    fireEvent.click(screen.getByText('1'));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
    const onSize = vi.fn();
    render(<PageSizeSelect value={25} onChange={onSize} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '50' } });
    expect(onSize).toHaveBeenCalledWith(50);
  });

  it('Link emits gaze-navigate from the host instead of navigating', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const seen: string[] = [];
    host.addEventListener('gaze-navigate', (e) => seen.push((e as CustomEvent<{ path: string }>).detail.path));
    render(
      <HostContext.Provider value={{ host, root: null }}>
        <Link href="/my_studies">Go</Link>
      </HostContext.Provider>,
    );
    fireEvent.click(screen.getByText('Go'));
    expect(seen).toEqual(['/my_studies']);
  });

  it('Modal renders into the host root and closes on Escape', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    const onClose = vi.fn();
    render(
      <HostContext.Provider value={{ host: null, root }}>
        <Modal open title="Filters" onClose={onClose}>
          body
        </Modal>
      </HostContext.Provider>,
    );
    expect(root.querySelector('[role="dialog"]')?.textContent).toContain('Filters');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
