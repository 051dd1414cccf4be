import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { getApi } from '../../../lib/api.js';
import { reportFailure, reportSuccess } from '../../../lib/messages.js';
import { useHistoryStore } from '../store.js';
import { HistoryFilters } from './history-filters.js';
import { HistoryTable } from './history-table.js';
import { InvoiceDrawer } from './invoice-drawer.js';
import { useHistorySync } from './use-history-sync.js';
import { openPrint } from '../../print/actions.js';
import { usePrintStore } from '../../print/store.js';

export function HistoryView() {
  const { t } = useTranslation();
  const { refresh, loadMore } = useHistorySync();
  const loading = useHistoryStore((s) => s.loading);
  const hasMore = useHistoryStore((s) => s.hasMore);
  const selection = usePrintStore((s) => s.selection);
  const selectedIds = Object.keys(selection).map(Number);
  const exportRows = async () => {
    const { filter } = useHistoryStore.getState();
    const result = await getApi().history.export({ format: 'xlsx', filter: { ...filter, direction: 'output' } });
    if (!result.ok) return reportFailure(result.error, 'history:export');
    if (result.value.saved) reportSuccess(t('history.exported', { rows: result.value.rowCount, path: result.value.filePath ?? '' }));
  };
  return (
    <Card
      size="small"
      title={t('history.title')}
      extra={
        <Space>
          {selectedIds.length > 0 && (
            <Button type="primary" onClick={() => void openPrint(selectedIds, selection[selectedIds[0]!] ?? '004')} data-testid="history-print-selected">
              {t('print.printSelected', { count: selectedIds.length })}
            </Button>
          )}
          <Button onClick={() => void exportRows()} data-testid="history-export">
            {t('history.export')}
          </Button>
          <Button onClick={refresh} loading={loading} data-testid="history-refresh">
            {t('history.refresh')}
          </Button>
        </Space>
      }
    >
      <HistoryFilters />
      <HistoryTable />
      {hasMore && (
        <Button block style={{ marginTop: 8 }} onClick={loadMore} data-testid="history-more">
          {t('history.loadMore')}
        </Button>
      )}
      <InvoiceDrawer />
    </Card>
  );
}
