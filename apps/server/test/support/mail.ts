import fs from 'node:fs';
import path from 'node:path';

export type Mail = { file: string; to: string; subject: string; text: string; raw: string };

/** Undo quoted-printable: soft line breaks and =XX escapes (UTF-8). */
export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const s = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A raw RFC 822 message → its headers we care about and its decoded text/plain part. */
export function parseMail(message: string, file = ''): Mail {
  const raw = message.replace(/\r\n/g, '\n');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
  const textPart =
    /Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i.exec(raw);
  const encoding = textPart?.[1]?.trim().toLowerCase();
  const body = textPart?.[2] ?? '';
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, to: header('To'), subject: header('Subject'), text, raw };
}

/** Every message in an outbox folder, oldest first. */
export function readOutbox(dir: string): Mail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8'), f));
}

export function resetTokenFrom(mail: Mail): string {
  const m = /\/reset-password\?token=([^\s&]+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(m[1]!);
}
