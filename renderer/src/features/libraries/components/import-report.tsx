/**
 * The per-row report of a library import: main sends each row's problems by key and field id, worded
 * here in the UI's language. Test ids: import-report, import-report-errors (a table whose
 * rows carry data-row), import-report-warnings, import-report-close.
 */
import type { HTMLAttributes } from 'react';
import { Alert, Button, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowNoteText } from '../../../../../shared/i18n/library-texts.js';
import type { LibraryImportResult } from '../../../../../shared/ipc/schemas/libraries.js';
import { problemText, uiLanguage } from '../../../lib/problem-text.js';
import { useLibrariesStore, type LibraryKind } from '../store.js';

type RowNote = LibraryImportResult['errors'][number];

/** i18next's typed `t` only takes literal keys; a field's label is looked up by the field id main sent. */
type DynamicT = (key: string) => string;

function NotesTable({ notes, kind, testId }: { notes: RowNote[]; kind: LibraryKind; testId: string }) {
  const { t } = useTranslation();
  // Each problem after its column's name, in the UI's language (the form's own field labels).
  const section = kind === 'customers' ? 'customer' : 'product';
  const label = (field: string) => (t as unknown as DynamicT)(`libraries.${section}.${field}`);
  const text = (note: RowNote) => rowNoteText(note, uiLanguage(), label, problemText);
  return (
    <Table<RowNote>
      data-testid={testId}
      size="small"
      rowKey={(note) => `${note.row}:${note.problems.map((p) => p.key).join()}`}
      dataSource={notes}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      onRow={(note) => ({ 'data-row': note.row }) as HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('libraries.report.row'), width: 72 },
        { key: 'message', title: t('libraries.report.message'), render: (_, note) => text(note) },
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
              <NotesTable notes={result.errors} kind={report.kind} testId="import-report-errors" />
            </>
          )}
          {result.warnings.length > 0 && (
            <>
              <Alert type="warning" showIcon title={t('libraries.report.warnings')} style={{ marginBlock: 8 }} />
              <NotesTable notes={result.warnings} kind={report.kind} testId="import-report-warnings" />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
