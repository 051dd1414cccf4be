import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { exportHistory } from '../actions.js';
import { reportFailure, reportSuccess } from '../../../lib/messages.js';
import { useHistoryStore } from '../store.js';
import { HistoryFilters } from './history-filters.js';
import { HistoryTable } from './history-table.js';
import { InvoiceDrawer } from './invoice-drawer.js';
import { printChecked, SelectionBar } from './selection-bar.js';
import { useHistoryRows } from './use-history-sync.js';

export function HistoryView() {
  const { t } = useTranslation();
  const list = useHistoryRows();
  const exportRows = async () => {
    const { filter } = useHistoryStore.getState();
    const result = await exportHistory({ format: 'xlsx', filter: { ...filter, direction: 'output' } });
    if (!result.ok) return reportFailure(result.error, 'history:export');
    if (result.value.saved) reportSuccess(t('history.exported', { rows: result.value.rowCount, path: result.value.filePath ?? '' }));
  };
  const count = list.count;
  return (
    <Card
      size="small"
      title={t('history.title')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="history-count" data-count={count?.count ?? ''} data-exact={String(count?.exact ?? '')}>
            {list.needMoreText
              ? t('history.needMoreText')
              : count === null
                ? ''
                : count.exact
                  ? t('history.countExact', { count: count.count })
                  : t('history.countAtLeast', { count: count.count })}
          </Typography.Text>
          <Button onClick={() => void exportRows()} data-testid="history-export">
            {t('history.export')}
          </Button>
          <Button onClick={() => list.reload(list.rows.length)} loading={list.loading} data-testid="history-refresh">
            {t('history.refresh')}
          </Button>
        </Space>
      }
    >
      <HistoryFilters />
      <SelectionBar />
      <div
        onKeyDown={(event) => {
          // Ctrl+P prints the ticked paper invoices (instead of the page, which is not what the clerk means here).
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'p' && printChecked()) event.preventDefault();
        }}
      >
        <HistoryTable list={list} />
      </div>
      <InvoiceDrawer />
    </Card>
  );
}
