import type { AxiosProgressEvent } from 'axios';

/** Upload progress, 0–100. */
export type OnProgress = (percent: number) => void;

/** The file as the one part `file` of a multipart body, as the upload endpoints read it. */
export function multipart(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/** axios's upload events as whole percentages. */
export function progressOf(onProgress: OnProgress | undefined) {
  return (event: AxiosProgressEvent) => {
    if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
  };
}
