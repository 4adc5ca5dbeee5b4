// A multipart POST over XMLHttpRequest, for the upload progress fetch cannot report.
import { NetworkError, errorFromBody } from './api';

/**
 * POST `form` to `path`. `onProgress` gets the uploaded fraction (0..1). Errors: ApiError with the
 * server's message, NetworkError when it could not be reached.
 */
export function postMultipart<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText === '' ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        reject(errorFromBody(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.send(form);
  });
}
