/**
 * The file beside the fields in the review pane: a picture as it is, rotated by XZJD (the rotation
 * recognition or the QR reader reports); a PDF or OFD as its first pages, drawn by main (the renderer
 * never reads the disk). Zoom with the buttons, with + / - / 0 while the preview has focus, or Ctrl+wheel.
 * Test ids: intake-preview, intake-preview-image, intake-preview-page, intake-zoom-in, intake-zoom-out,
 * intake-zoom-reset, intake-zoom-level, intake-preview-loading.
 */
import { Button, Space, Spin, Typography } from 'antd';
import { useState, type KeyboardEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntakeItem } from '../../../../../shared/ipc/index.js';
import { useIntakeStore } from '../store.js';

const PANE_WIDTH = 420;
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

export function FilePreview({ item }: { item: IntakeItem }) {
  const { t } = useTranslation();
  const preview = useIntakeStore((s) => s.preview);
  const [zoomIndex, setZoomIndex] = useState(ZOOMS.indexOf(1));
  const zoom = ZOOMS[zoomIndex] ?? 1;
  const step = (by: number) => setZoomIndex((current) => Math.min(ZOOMS.length - 1, Math.max(0, current + by)));
  const mine = preview && preview.receivedId === item.receivedId ? preview : null;
  const image = mine?.base64 && mine.mime.startsWith('image/') ? `data:${mine.mime};base64,${mine.base64}` : null;
  const pages = mine?.pages ?? [];
  const drawable = item.fileType === 'pdf' || item.fileType === 'ofd' || item.fileType === 'png' || item.fileType === 'jpg';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === '+' || event.key === '=') step(1);
    else if (event.key === '-') step(-1);
    else if (event.key === '0') setZoomIndex(ZOOMS.indexOf(1));
    else return;
    event.preventDefault();
  };
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey) return;
    step(event.deltaY < 0 ? 1 : -1);
  };
  const width = PANE_WIDTH * zoom;

  let body;
  if (image) {
    // XZJD (or the QR's own orientation): how far the invoice is turned clockwise in the picture; it is
    // shown upright by turning it back. A quarter turn swaps the sides, so the height takes the pane's width.
    const quarter = item.rotation % 180 !== 0;
    body = (
      <img
        src={image}
        alt={item.fileName}
        data-testid="intake-preview-image"
        data-rotation={item.rotation}
        style={{ ...(quarter ? { height: width, margin: `${width * 0.1}px 0` } : { width }), transform: `rotate(${-item.rotation}deg)` }}
      />
    );
  } else if (pages.length > 0) {
    body = (
      <>
        {pages.map((page, index) => (
          <img
            key={index}
            src={`data:image/png;base64,${page.base64}`}
            alt={t('intake.review.page', { page: index + 1, count: mine?.pageCount ?? pages.length })}
            data-testid="intake-preview-page"
            style={{ width, display: 'block', marginBottom: 8, boxShadow: '0 0 0 1px #d9d9d9' }}
          />
        ))}
        {(mine?.pageCount ?? 0) > pages.length && <Typography.Text type="secondary">{t('intake.review.morePages', { shown: pages.length, count: mine?.pageCount })}</Typography.Text>}
      </>
    );
  } else if (!mine && drawable && item.receivedId !== null) {
    body = <Spin data-testid="intake-preview-loading" tip={t('intake.review.previewLoading')} />;
  } else {
    body = <Typography.Text type="secondary">{t('intake.review.noPreview')}</Typography.Text>;
  }

  return (
    <div style={{ width: PANE_WIDTH, flex: 'none' }}>
      <Space size={4} style={{ marginBottom: 4 }}>
        <Button size="small" onClick={() => step(-1)} disabled={zoomIndex === 0} aria-label={t('intake.review.zoomOut')} data-testid="intake-zoom-out">
          −
        </Button>
        <Button size="small" onClick={() => setZoomIndex(ZOOMS.indexOf(1))} aria-label={t('intake.review.zoomReset')} data-testid="intake-zoom-reset">
          <span data-testid="intake-zoom-level">{Math.round(zoom * 100)}%</span>
        </Button>
        <Button size="small" onClick={() => step(1)} disabled={zoomIndex === ZOOMS.length - 1} aria-label={t('intake.review.zoomIn')} data-testid="intake-zoom-in">
          +
        </Button>
      </Space>
      <div
        tabIndex={0}
        role="region"
        aria-label={t('intake.review.previewLabel')}
        onKeyDown={onKeyDown}
        onWheel={onWheel}
        data-testid="intake-preview"
        style={{ height: 460, overflow: 'auto', textAlign: zoom <= 1 ? 'center' : 'left', border: '1px solid #f0f0f0', padding: 4 }}
      >
        {body}
      </div>
    </div>
  );
}
