import fs from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_DB_FILE } from '../../playwright.config';

/** One message the e2e server's SMTP server accepted (scripts/e2e-server.mjs writes one JSON line each). */
export type InboxMail = {
  to: string[];
  from: string | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  attachments: { filename: string | null; contentType: string; content: string }[];
};

const INBOX = `${E2E_DB_FILE}.mail.jsonl`;

function read(): InboxMail[] {
  if (!fs.existsSync(INBOX)) return [];
  return fs
    .readFileSync(INBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as InboxMail);
}

/** The messages to one address (each test uses its own addresses). */
export function mailTo(address: string): InboxMail[] {
  return read().filter((mail) => mail.to.includes(address));
}

/** Waits until `count` messages to the address have arrived (the sender delivers a few a second), and returns them. */
export async function waitForMail(address: string, count: number): Promise<InboxMail[]> {
  await expect.poll(() => mailTo(address).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return mailTo(address);
}
