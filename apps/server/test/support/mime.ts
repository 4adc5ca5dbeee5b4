import { decodeQuotedPrintable, type Mail } from './mail.ts';

/** Decode RFC 2047 encoded words ('=?UTF-8?Q?…?=', '=?UTF-8?B?…?=') in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The full, decoded Subject of a message (folded header lines joined). */
export function subjectOf(mail: Mail): string {
  const folded = /^Subject: (.*(?:\n[ \t].*)*)/im.exec(mail.raw.replace(/\r\n/g, '\n'))?.[1] ?? '';
  return decodeHeader(folded.replace(/\n[ \t]/g, ' '));
}
