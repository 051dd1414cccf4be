/**
 * The per-row report of a library import. Test ids: import-report, import-report-errors (a table whose
 * rows carry data-row), import-report-warnings, import-report-close.
 */
import type { HTMLAttributes } from 'react';
import { Alert, Button, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowNote } from '../../../../../shared/ipc/schemas/libraries.js';
import { useLibrariesStore } from '../store.js';

function NotesTable({ notes, testId }: { notes: RowNote[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table<RowNote>
      data-testid={testId}
      size="small"
      rowKey={(note) => `${note.row}:${note.message}`}
      dataSource={notes}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(note) => ({ 'data-row': note.row }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('libraries.report.row'), width: 72 },
        { key: 'message', dataIndex: 'message', title: t('libraries.report.message') },
      ]}
    />
  );
}

export function ImportReport() {
  const { t } = useTranslation();
  const report = useLibrariesStore((s) => s.report);
  const close = () => useLibrariesStore.getState().setReport(null);
  const result = report?.result;
  return (
    <Modal
      open={report !== null}
      title={t('libraries.report.title', { file: result?.fileName ?? '' })}
      onCancel={close}
      width={760}
      footer={
        <Button type="primary" onClick={close} data-testid="import-report-close">
          {t('libraries.report.close')}
        </Button>
      }
    >
      {result && (
        <div data-testid="import-report">
          <Descriptions
            size="small"
            column={3}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'created', label: t('libraries.report.created'), children: result.created },
              { key: 'updated', label: t('libraries.report.updated'), children: result.updated },
              { key: 'failed', label: t('libraries.report.failed'), children: result.errors.length },
            ]}
          />
          {result.errors.length === 0 ? (
            <Alert type="success" showIcon title={t('libraries.report.noErrors')} style={{ marginBottom: 12 }} />
          ) : (
            <>
              <Alert type="error" showIcon title={t('libraries.report.errors')} style={{ marginBottom: 8 }} />
              <NotesTable notes={result.errors} testId="import-report-errors" />
            </>
          )}
          {result.warnings.length > 0 && (
            <>
              <Alert type="warning" showIcon title={t('libraries.report.warnings')} style={{ marginBlock: 8 }} />
              <NotesTable notes={result.warnings} testId="import-report-warnings" />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
