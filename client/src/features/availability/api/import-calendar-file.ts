import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import { calendarImportResultSchema, type CalendarImportResult } from '../../../../../shared/contracts/availability';
import { sendData } from '../../../lib/api/send-data';
import { refreshBlocks } from './availability-keys';

/** Upload progress, 0–100. */
export type OnProgress = (percent: number) => void;

/**
 * POST /api/blackout-dates/import: the file as the part `file`, with the browser's time zone
 * (it places on the vendor's days the events a file gives in UTC).
 */
export function importCalendarFile(file: File, onProgress?: OnProgress): Promise<CalendarImportResult> {
  const body = new FormData();
  body.append('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  body.append('file', file, file.name);
  return sendData('post', calendarImportResultSchema, '/api/blackout-dates/import', body, {
    onUploadProgress: (event: AxiosProgressEvent) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/** Importing a calendar file; the list and the calendar load again after it. */
export function useImportCalendarFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: OnProgress }) => importCalendarFile(file, onProgress),
    onSuccess: () => refreshBlocks(client),
  });
}
