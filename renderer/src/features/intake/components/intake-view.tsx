/**
 * 收票: every way in lands in one queue — drop files or folders on the view, paste a picture (Ctrl+V),
 * choose files, scan, or let the watched scan folder feed it — then review beside the file, verify, and
 * keep the ledger. Test ids: intake-view, intake-drop, intake-pick, intake-scanner, intake-feeder,
 * intake-scan, intake-scan-folder, intake-scan-folder-choose, intake-scan-folder-stop, intake-tab-queue, intake-tab-ledger; 查验已接受 in verify-all.tsx.
 */
import { Button, Card, Checkbox, Flex, Input, Select, Space, Tabs, Typography } from 'antd';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, chooseScanFolder, loadQueue, loadScanSetup, pickFiles, scan, stopScanFolder, subscribe } from '../actions.js';
import { useIntakeStore } from '../store.js';
import { LedgerPanel } from './ledger-panel.js';
import { QueueList } from './queue-list.js';
import { ReviewPanel } from './review-panel.js';
import { VerifyAll } from './verify-all.js';
import { platformOf } from '../../../lib/format.js';

export function IntakeView() {
  const { t } = useTranslation();
  const tab = useIntakeStore((s) => s.tab);
  const scanners = useIntakeStore((s) => s.scanners);
  const scanFolder = useIntakeStore((s) => s.scanFolder);
  const busy = useIntakeStore((s) => s.busy);
  const [device, setDevice] = useState<string | undefined>();
  const [feeder, setFeeder] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const stop = subscribe();
    void loadQueue();
    void loadScanSetup();
    // Ctrl+V of a picture anywhere in the view (not while typing in a field: that pastes text).
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
      if (files.length > 0) {
        event.preventDefault();
        void addFiles(files, 'paste');
      }
    };
    window.addEventListener('paste', onPaste);
    return () => {
      stop();
      window.removeEventListener('paste', onPaste);
    };
  }, []);
  useEffect(() => {
    if (!device && scanners?.devices[0]) setDevice(scanners.devices[0].id);
  }, [scanners, device]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void addFiles(files, 'drop');
  };

  return (
    <Card
      size="small"
      title={t('intake.title')}
      data-testid="intake-view"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      extra={
        <Space wrap>
          <Button onClick={() => void pickFiles()} loading={busy.pick ?? false} data-testid="intake-pick">
            {t('intake.pick')}
          </Button>
          {scanners && scanners.devices.length > 0 ? (
            <>
              <Select
                data-testid="intake-scanner"
                style={{ width: 220 }}
                value={device}
                onChange={setDevice}
                options={scanners.devices.map((d) => ({ value: d.id, label: d.name }))}
                aria-label={t('intake.scanner')}
              />
              <Checkbox checked={feeder} onChange={(event) => setFeeder(event.target.checked)} data-testid="intake-feeder">
                {t('intake.feeder')}
              </Checkbox>
              <Button disabled={!device} loading={busy.scan ?? false} onClick={() => device && void scan(device, feeder)} data-testid="intake-scan">
                {t('intake.scan')}
              </Button>
            </>
          ) : (
            <Typography.Text type="secondary">{scanners?.kind === 'scan-folder' ? t('intake.scanFolderOnly') : t('intake.noScanner')}</Typography.Text>
          )}
        </Space>
      }
    >
      <Flex vertical gap={8}>
        <div
          data-testid="intake-drop"
          style={{ border: `2px dashed ${dragging ? '#1677ff' : '#d9d9d9'}`, borderRadius: 8, padding: 12, textAlign: 'center', background: dragging ? '#e6f4ff' : undefined }}
        >
          {t('intake.drop')}
        </div>
        <Space.Compact style={{ maxWidth: 640 }}>
          {/* Read-only: the folder is chosen in main's own dialog, never typed (docs/security.md). */}
          <Input readOnly addonBefore={t('intake.scanFolder')} placeholder={t(`intake.scanFolderPlaceholder.${platformOf(navigator.userAgent)}`)} value={scanFolder ?? ''} data-testid="intake-scan-folder" />
          <Button onClick={() => void chooseScanFolder()} data-testid="intake-scan-folder-choose">
            {t('intake.scanFolderSave')}
          </Button>
          {scanFolder && (
            <Button onClick={() => void stopScanFolder()} data-testid="intake-scan-folder-stop">
              {t('intake.scanFolderStop')}
            </Button>
          )}
        </Space.Compact>
        <Tabs
          activeKey={tab}
          onChange={(key) => useIntakeStore.getState().setTab(key as 'queue' | 'ledger')}
          items={[
            {
              key: 'queue',
              label: <span data-testid="intake-tab-queue">{t('intake.tabs.queue')}</span>,
              children: (
                <Flex gap={12} align="start">
                  <div style={{ width: 360, flex: 'none' }}>
                    <VerifyAll />
                    <QueueList />
                  </div>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <ReviewPanel />
                  </div>
                </Flex>
              ),
            },
            { key: 'ledger', label: <span data-testid="intake-tab-ledger">{t('intake.tabs.ledger')}</span>, children: <LedgerPanel /> },
          ]}
        />
      </Flex>
    </Card>
  );
}
