import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHistoryStore } from '../store.js';
import { HistoryTable } from './history-table.js';
import { useHistorySync } from './use-history-sync.js';

export function HistoryView() {
  const { t } = useTranslation();
  const refresh = useHistorySync();
  const loading = useHistoryStore((s) => s.loading);
  return (
    <Card
      size="small"
      title={t('history.title')}
      extra={
        <Button onClick={refresh} loading={loading} data-testid="history-refresh">
          {t('history.refresh')}
        </Button>
      }
    >
      <HistoryTable />
    </Card>
  );
}
