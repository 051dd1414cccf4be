/**
 * One printed page drawn as SVG from the fitted description main sends (print:preview): the same boxes,
 * the same fitted lines at the same millimetres as the PDF. Each line is stretched to the width main
 * measured with the printing font (textLength), so the preview matches the paper even where this
 * machine's fallback font differs. The pre-printed form (light red) is shown here only; the QR code is
 * drawn from the modules main encoded, the same symbol the printer gets.
 */
import type { PreviewPage } from '../../../../../shared/ipc/schemas/print.js';

const PT_PER_MM = 72 / 25.4;

/** The QR code's dark modules as one path, in module units scaled onto its square. */
function qrPath(rows: readonly string[]): string {
  const parts: string[] = [];
  rows.forEach((row, y) => {
    for (const match of row.matchAll(/1+/g)) parts.push(`M${match.index} ${y}h${match[0].length}v1h-${match[0].length}z`);
  });
  return parts.join('');
}
const PX_PER_MM = 96 / 25.4;
const FORM = '#c0625a';
const INK = '#111';

export function PageSvg({ page, zoom, testId }: { page: PreviewPage; zoom: number; testId?: string }) {
  return (
    <svg
      data-testid={testId}
      viewBox={`0 0 ${page.widthMm} ${page.heightMm}`}
      width={page.widthMm * PX_PER_MM * zoom}
      height={page.heightMm * PX_PER_MM * zoom}
      style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.25)', display: 'block' }}
    >
      {page.items.map((item, index) => {
        if (item.kind === 'line') {
          return <line key={index} x1={item.x1} y1={item.y1} x2={item.x2} y2={item.y2} stroke={item.form ? FORM : INK} strokeWidth={item.widthMm} />;
        }
        if (item.kind === 'cross') {
          const r = item.size / 2;
          const d = r * Math.SQRT1_2;
          const cx = item.x + r;
          const cy = item.y + r;
          return (
            <g key={index} stroke={INK} strokeWidth={0.2} fill="none">
              <circle cx={cx} cy={cy} r={r} />
              <line x1={cx - d} y1={cy - d} x2={cx + d} y2={cy + d} />
              <line x1={cx - d} y1={cy + d} x2={cx + d} y2={cy - d} />
            </g>
          );
        }
        if (item.kind === 'qr') {
          const scale = item.size / Math.max(1, item.rows.length);
          return <path key={index} data-field={item.id} d={qrPath(item.rows)} fill={INK} transform={`translate(${item.x} ${item.y}) scale(${scale})`} shapeRendering="crispEdges" />;
        }
        const em = item.sizePt / PT_PER_MM;
        return (
          <g key={index} data-field={item.id} fill={item.form ? FORM : INK} fontFamily={item.mono ? "'Courier New', 'Nimbus Mono PS', monospace" : "'Noto Sans SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif"} fontSize={em}>
            {item.lines.map((line, lineIndex) => (
              <text key={lineIndex} x={line.x} y={line.top + 0.88 * em} textLength={line.widthMm > 0 ? line.widthMm : undefined} lengthAdjust="spacingAndGlyphs">
                {line.text}
              </text>
            ))}
          </g>
        );
      })}
    </svg>
  );
}
