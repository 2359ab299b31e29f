import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { CALENDAR_IMPORT_MAX_BYTES, type CalendarImportResult } from '../../../../shared/contracts/availability';
import { problemOf } from '../../lib/forms/server-errors';
import { useImportCalendarFile } from './api/import-calendar-file';

/** "12 days blocked, 3 already blocked." */
export function importSummary({ added, skipped }: CalendarImportResult): string {
  if (added === 0 && skipped === 0) return 'No busy days from today on in this file.';
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  return skipped > 0 ? `${days(added)} blocked, ${skipped} already blocked.` : `${days(added)} blocked.`;
}

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string };

/** Imports an .ics file: its busy days (two years ahead, repeating events included) become blocks. */
export function ImportCalendarCard() {
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importing = useImportCalendarFile();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (file.size > CALENDAR_IMPORT_MAX_BYTES) {
      setOutcome({ kind: 'failed', text: `"${file.name}" is larger than 1 MB. Export only the coming months and try again.` });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const send: UploadProps['customRequest'] = ({ file }) => {
    setOutcome(null);
    setPercent(0);
    importing
      .mutateAsync({ file: file as File, onProgress: setPercent })
      .then((result) => setOutcome({ kind: 'done', text: importSummary(result) }))
      .catch((error: unknown) => {
        const problem = problemOf(error);
        setOutcome({ kind: 'failed', text: problem?.detail ?? 'The file could not be imported. Check your connection and try again.' });
      })
      .finally(() => setPercent(null));
  };

  const busy = percent !== null;
  return (
    <Card title="Import a calendar">
      <Typography.Paragraph type="secondary">
        Already keep your bookings in another calendar? Export it as an .ics file (up to 1 MB) and import it here: its busy days from today up to two years
        ahead become blocked days. Free events are left out, and days you already blocked are skipped.
      </Typography.Paragraph>
      <Upload accept=".ics,text/calendar" showUploadList={false} beforeUpload={beforeUpload} customRequest={send} disabled={busy}>
        <Button icon={<UploadOutlined />} loading={busy}>
          Choose an .ics file
        </Button>
      </Upload>
      {busy && <Progress percent={percent} size="small" aria-label="Calendar import progress" className="import-calendar__progress" />}
      <div role="status" className="import-calendar__outcome">
        {outcome && <Alert type={outcome.kind === 'done' ? 'success' : 'error'} showIcon message={outcome.text} />}
      </div>
    </Card>
  );
}
