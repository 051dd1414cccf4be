/** An electronic invoice's layout file (PDF) printed for the paper archive, on a printer the clerk picks. */
import { useEffect } from 'react';
import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadPrinters, printArchive } from '../actions.js';
import { usePrintStore } from '../store.js';

export function ArchivePrint({ invoiceId, invoiceType }: { invoiceId: number; invoiceType: string }) {
  const { t } = useTranslation();
  const printers = usePrintStore((s) => s.printers);
  const preferences = usePrintStore((s) => s.preferences);
  const chosen = usePrintStore((s) => s.printer);
  useEffect(() => void loadPrinters(), []);
  const printer = chosen ?? preferences[invoiceType] ?? printers.find((p) => p.isDefault)?.name ?? printers[0]?.name;
  return (
    <Space.Compact>
      <Select
        style={{ minWidth: 140 }}
        value={printer}
        onChange={(value: string) => usePrintStore.getState().set({ printer: value })}
        options={printers.map((p) => ({ value: p.name, label: p.name }))}
        data-testid="archive-printer"
      />
      <Button disabled={!printer} onClick={() => printer && void printArchive(invoiceId, printer)} data-testid="action-print-archive">
        {t('print.archive')}
      </Button>
    </Space.Compact>
  );
}
