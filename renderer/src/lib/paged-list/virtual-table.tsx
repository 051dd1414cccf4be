/**
 * A table that renders only the rows in view (plus a few around) out of any number: a real <table>
 * (rows stay `tr`, headers stay `th`) whose body is padded above and below to the full height, rows of
 * one fixed height. Rows not loaded yet show as placeholders; `onNeed(last)` asks for them (see
 * useKeysetRows). Keyboard: ↑/↓/PgUp/PgDn/Home/End move the active row, Enter activates it.
 *
 * With `checked` the rows can also be ticked, several at once, apart from the active and the opened row:
 * a tick box in the first column; Ctrl/⌘-click or Space toggles a row; Shift-click, Shift+Space and
 * Shift+↑/↓ tick every loaded row from the last toggled one (the anchor) to this one, adding to the
 * ticks already there (nothing ticked is lost by a range).
 */
import { useCallback, useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

export interface VirtualColumn<Row> {
  key: string;
  title: ReactNode;
  /** CSS width of the column. */
  width: number | string;
  align?: 'left' | 'right';
  render(row: Row): ReactNode;
}

export interface VirtualTableProps<Row> {
  columns: ReadonlyArray<VirtualColumn<Row>>;
  rows: readonly Row[];
  /** Rows the table is tall for (loaded or not). */
  total: number;
  rowKey(row: Row): string;
  /** Called with the last row index in view (plus overscan) whenever it changes. */
  onNeed(lastIndex: number): void;
  onActivate?(row: Row): void;
  rowProps?(row: Row, index: number): HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  selectedKey?: string | null;
  /** The ticked rows by key (multi-selection); the tick column and keys appear only when given. */
  checked?: ReadonlyMap<string, Row>;
  onCheckedChange?(next: Map<string, Row>): void;
  rowHeight?: number;
  height?: number;
  empty?: ReactNode;
  'data-testid'?: string;
}

const OVERSCAN = 10;
/**
 * Browsers stop laying out elements taller than about 33 million pixels (a million 36 px rows is 36
 * million): beyond this height the scroll position maps onto the rows proportionally.
 */
const MAX_HEIGHT = 15_000_000;
/** Row and body height unless a view sets its own: 520 px show 15 rows of 36 px. */
export const DEFAULT_ROW_HEIGHT = 36;
export const DEFAULT_BODY_HEIGHT = 520;
const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', padding: '0 8px' } as const;

export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const {
    columns: dataColumns,
    rows,
    total,
    rowKey,
    onNeed,
    onActivate,
    rowProps,
    selectedKey,
    checked,
    onCheckedChange,
    rowHeight = DEFAULT_ROW_HEIGHT,
    height = DEFAULT_BODY_HEIGHT,
    empty,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  /** Where the last toggle happened: one end of a Shift range. */
  const anchor = useRef(0);
  const toggle = (index: number) => {
    const row = rows[index];
    if (!checked || row === undefined) return;
    const next = new Map(checked);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.set(key, row);
    anchor.current = index;
    onCheckedChange?.(next);
  };
  const tickRange = (to: number) => {
    if (!checked) return;
    const next = new Map(checked);
    for (let i = Math.min(anchor.current, to); i <= Math.max(anchor.current, to); i++) {
      const row = rows[i];
      if (row !== undefined) next.set(rowKey(row), row);
    }
    onCheckedChange?.(next);
  };
  const columns: ReadonlyArray<VirtualColumn<Row>> = checked
    ? [
        {
          key: '__check',
          title: <span aria-label="select">☐</span>,
          width: 36,
          render: (row) => <input type="checkbox" tabIndex={-1} checked={checked.has(rowKey(row))} readOnly data-check="true" style={{ cursor: 'pointer' }} />,
        },
        ...dataColumns,
      ]
    : dataColumns;
  const fullHeight = total * rowHeight;
  const virtualHeight = Math.min(fullHeight, MAX_HEIGHT);
  const scale = virtualHeight > height ? Math.max(1, (fullHeight - height) / (virtualHeight - height)) : 1;
  /** Where the view's top is in the full list, in pixels. */
  const offset = scrollTop * scale;
  const first = Math.max(0, Math.floor(offset / rowHeight) - OVERSCAN);
  const last = Math.min(total - 1, Math.ceil((offset + height) / rowHeight) + OVERSCAN);
  const topPad = Math.max(0, scrollTop + first * rowHeight - offset);
  const bottomPad = Math.max(0, virtualHeight - topPad - (last - first + 1) * rowHeight);

  useEffect(() => {
    if (total > 0) onNeed(last);
  }, [last, total, onNeed]);

  const moveTo = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(total - 1, index));
      setActive(target);
      const element = scroller.current;
      if (!element) return;
      const top = target * rowHeight;
      const viewTop = element.scrollTop * scale;
      if (top < viewTop) element.scrollTop = top / scale;
      else if (top + rowHeight > viewTop + height - rowHeight) element.scrollTop = (top + 2 * rowHeight - height) / scale;
    },
    [total, rowHeight, height, scale],
  );
  const page = Math.max(1, Math.floor(height / rowHeight) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, PageDown: active + page, PageUp: active - page, Home: 0, End: total - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
      // Shift+↑/↓ ticks as it moves: the row left and the row reached, and every row between.
      if (checked && event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        if (!checked.has(rows[active] === undefined ? '' : rowKey(rows[active]))) anchor.current = active;
        tickRange(Math.max(0, Math.min(total - 1, target)));
      }
    } else if (event.key === ' ' && checked) {
      event.preventDefault();
      if (event.shiftKey) tickRange(active);
      else toggle(active);
    } else if (event.key === 'Enter') {
      const row = rows[active];
      if (row !== undefined) onActivate?.(row);
    }
  };

  const visible: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const row = rows[index];
    const isActive = index === active;
    if (row === undefined) {
      visible.push(
        <tr key={`placeholder-${index}`} style={{ height: rowHeight }} data-placeholder="true">
          <td colSpan={columns.length} style={{ ...cell, color: '#bbb' }}>
            …
          </td>
        </tr>,
      );
      continue;
    }
    const key = rowKey(row);
    const extra = rowProps?.(row, index) ?? {};
    visible.push(
      <tr
        key={key}
        {...extra}
        data-index={index}
        aria-selected={key === selectedKey}
        {...(checked ? { 'data-checked': String(checked.has(key)) } : {})}
        onClick={(event) => {
          setActive(index);
          // Ticking is not opening: Ctrl/⌘-click, Shift-click and a click on the tick box only tick.
          const onTick = (event.target as HTMLElement).dataset.check === 'true';
          if (checked && event.shiftKey) tickRange(index);
          else if (checked && (event.ctrlKey || event.metaKey || onTick)) toggle(index);
          else extra.onClick?.(event);
        }}
        style={{
          height: rowHeight,
          cursor: 'pointer',
          // Shift-click ticks a range of rows; it must not also select the text between.
          userSelect: checked ? 'none' : undefined,
          background: key === selectedKey ? '#e6f4ff' : checked?.has(key) ? '#f0f5ff' : isActive ? '#fafafa' : undefined,
          outline: isActive ? '1px solid #91caff' : undefined,
          ...extra.style,
        }}
      >
        {columns.map((column) => (
          <td key={column.key} style={{ ...cell, textAlign: column.align ?? 'left', borderBottom: '1px solid #f0f0f0' }}>
            {column.render(row)}
          </td>
        ))}
      </tr>,
    );
  }

  return (
    <div
      ref={scroller}
      data-testid={props['data-testid']}
      data-total={total}
      data-loaded={rows.length}
      tabIndex={0}
      role="grid"
      aria-rowcount={total}
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height, overflow: 'auto', position: 'relative', border: '1px solid #f0f0f0', borderRadius: 6 }}
    >
      <table style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', fontSize: 13 }}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr style={{ height: rowHeight }}>
            {columns.map((column) => (
              <th key={column.key} style={{ ...cell, position: 'sticky', top: 0, zIndex: 1, background: '#fafafa', textAlign: column.align ?? 'left', fontWeight: 600 }}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {topPad > 0 && <tr style={{ height: topPad }} aria-hidden="true" />}
          {visible}
          {bottomPad > 0 && <tr style={{ height: bottomPad }} aria-hidden="true" />}
        </tbody>
      </table>
      {total === 0 && <div style={{ padding: 24, textAlign: 'center', color: '#999' }}>{empty}</div>}
    </div>
  );
}
