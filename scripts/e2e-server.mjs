// The server Playwright starts: a fresh, empty embedded-style database for this run, then `npm start`'s path.
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(process.env.E2E_DB_FILE ?? 'tests/.tmp/e2e.db');
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
// The tests' locks and year claims (tests/e2e/fixtures.ts) and the pages kept for the HTML checker
// (tests/e2e/page-checks.ts) belong to this database: none survives from an earlier run.
for (const name of fs.readdirSync(path.dirname(file)))
  if (['lock-', 'year-', 'html-to-check'].some((kind) => name.startsWith(`${path.basename(file)}.${kind}`)))
    fs.rmSync(path.join(path.dirname(file), name), { recursive: true, force: true });
process.env.DATABASE_URL = `file:${file}`;

// E2E_SMTP=1: a real SMTP server on a free loopback port receives the site's email, and every accepted message is
// appended as one JSON line to `<database file>.mail.jsonl`, which the tests read (tests/e2e/mail-inbox.ts).
if (process.env.E2E_SMTP === '1') {
  const { SMTPServer } = await import('smtp-server');
  const { simpleParser } = await import('mailparser');
  const inbox = `${file}.mail.jsonl`;
  fs.rmSync(inbox, { force: true });
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const line = {
            to: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? null,
            subject: mail.subject ?? null,
            text: mail.text ?? null,
            html: typeof mail.html === 'string' ? mail.html : null,
            headers: Object.fromEntries(
              [...mail.headers].map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? null,
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          };
          fs.appendFileSync(inbox, `${JSON.stringify(line)}\n`);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  const port = await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve(smtp.server.address().port));
  });
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
}

await import('./start.mjs');
