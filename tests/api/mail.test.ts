import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { SandboxEmailListSchema } from '../../src/contract/account.ts';
import { createApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig, loadMailConfig } from '../../src/server/env.ts';
import { outboxEmails } from '../../src/server/db/schema.ts';
import { OutboxMailer } from '../../src/server/mail/mailer.ts';
import { enqueueEmail } from '../../src/server/mail/outbox.ts';
import { passwordChangedEmail, passwordResetEmail, storeName, welcomeEmail } from '../../src/server/mail/templates.ts';
import { startServer } from '../../src/server/server.ts';
import { call, registration } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  /** Headers and body as sent, dot-unstuffed. */
  data: string;
}

/**
 * Just enough SMTP (RFC 5321) for nodemailer: 220 greeting, EHLO → 250, MAIL/RCPT → 250,
 * DATA → 354 … "." → 250, QUIT → 221. `rejectRecipients` answers RCPT with 550.
 */
function smtpListener() {
  const received: ReceivedMail[] = [];
  const state = { rejectRecipients: false };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    let dataLines: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ ...current, data: dataLines.join('\r\n') });
            current = { from: '', to: [], data: '' };
            dataLines = [];
            reply('250 2.0.0 queued');
          } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test-smtp');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (state.rejectRecipients) reply('550 5.1.1 mailbox unavailable');
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 command not recognized');
      }
    });
  });
  return {
    received,
    state,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The text body of a received message, undoing quoted-printable or base64. */
function bodyText(data: string): string {
  const cut = data.indexOf('\r\n\r\n');
  const headers = data.slice(0, cut);
  const body = data.slice(cut + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A header as sent, unfolded, with its RFC 2047 encoded words (`=?UTF-8?B?…?=`, how nodemailer sends a Thai subject) decoded. */
function headerOf(data: string, name: string): string | undefined {
  const headers = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1];
  const bytesOf = (encoding: string, text: string) =>
    encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  // Adjacent encoded words are one text (the space between them is folding): their bytes are joined before decoding.
  return value?.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const words = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, encoding = 'b', text = '']) => bytesOf(encoding, text));
    return Buffer.concat(words).toString('utf8') + (/\s*$/.exec(run)?.[0] ?? '');
  });
}

let t: TestApp;
const smtp = smtpListener();
let smtpUrl = '';
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0, passwordResets: { publicUrl: 'https://shop.example' } });
  smtpUrl = await smtp.listen();
});
afterAll(async () => {
  await smtp.close();
  await t?.close();
});

async function pendingCount(): Promise<number> {
  return (await t.db.select().from(outboxEmails)).filter((row) => row.sentAt === null).length;
}

describe('OutboxMailer over SMTP (a local listener speaking SMTP)', () => {
  it('delivers a reset email: the listener gets the recipient and the reset link; the row is marked sent after 1 attempt', async () => {
    const user = await insertUser(t.db);
    expect((await call(t.app, 'POST', '/password-resets', { body: { email: user.email } })).status).toBe(202);
    const mailer = new OutboxMailer(t.db, { smtpUrl, from: 'Beauty Pass <no-reply@shop.example>' });
    try {
      const result = await mailer.drain();
      expect(result.failed).toBe(0);
      expect(result.sent).toBeGreaterThanOrEqual(1);
    } finally {
      await mailer.stop();
    }
    const mail = smtp.received.find((message) => message.to.includes(user.email));
    expect(mail?.from).toBe('no-reply@shop.example');
    expect(mail?.data).toMatch(/^Subject: Reset your Beauty Pass Singapore password$/m);
    expect(bodyText(mail?.data ?? '')).toMatch(/https:\/\/shop\.example\/reset_password\?token=[A-Za-z0-9_-]{43}\b/);
    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    expect(await pendingCount()).toBe(0);
  });

  it('a 550 from the server: the row stays unsent with attempts 1 and the error; the next round delivers it (attempts 2)', async () => {
    await enqueueEmail(t.db, { kind: 'welcome', to: 'bounce.once@example.com', subject: 'Welcome', text: 'Hello' });
    const logs: string[] = [];
    const mailer = new OutboxMailer(t.db, { smtpUrl, from: 'no-reply@shop.example', log: (line) => logs.push(line) });
    try {
      smtp.state.rejectRecipients = true;
      expect(await mailer.drain()).toEqual({ sent: 0, failed: 1 });
      const [failed] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'bounce.once@example.com'));
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      expect(failed?.lastError).toContain('550');
      expect(logs.join('\n')).toContain('not sent, attempt 1');

      smtp.state.rejectRecipients = false;
      expect(await mailer.drain()).toEqual({ sent: 1, failed: 0 });
      const [sent] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'bounce.once@example.com'));
      expect(sent?.attempts).toBe(2);
      expect(sent?.sentAt).toBeInstanceOf(Date);
    } finally {
      smtp.state.rejectRecipients = false;
      await mailer.stop();
    }
  });

  it('gives up after 5 attempts: a row with 5 failed attempts is not sent again', async () => {
    await enqueueEmail(t.db, { kind: 'welcome', to: 'gave.up@example.com', subject: 'Welcome', text: 'Hello' });
    await t.db.update(outboxEmails).set({ attempts: 5, lastError: '550 earlier' }).where(eq(outboxEmails.toAddress, 'gave.up@example.com'));
    const mailer = new OutboxMailer(t.db, { smtpUrl, from: 'no-reply@shop.example' });
    try {
      expect(await mailer.drain()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await mailer.stop();
    }
    expect(smtp.received.some((message) => message.to.includes('gave.up@example.com'))).toBe(false);
  });

  it('2 mailers draining at once send each of 6 emails exactly once', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 6; i += 1) await enqueueEmail(t.db, { kind: 'welcome', to: `once${i}@example.com`, subject: 'Welcome', text: 'Hello' });
    const a = new OutboxMailer(t.db, { smtpUrl, from: 'no-reply@shop.example', batchSize: 2 });
    const b = new OutboxMailer(t.db, { smtpUrl, from: 'no-reply@shop.example', batchSize: 2 });
    try {
      for (let round = 0; round < 3; round += 1) await Promise.all([a.drain(), b.drain()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const recipients = smtp.received.slice(before).flatMap((message) => message.to);
    expect(recipients.sort()).toEqual(['once0@example.com', 'once1@example.com', 'once2@example.com', 'once3@example.com', 'once4@example.com', 'once5@example.com']);
  });
});

describe('startServer with SMTP_URL', () => {
  it('drains on its interval: a registration\'s welcome email reaches the listener within 5 s; links default to http://localhost:PORT', async () => {
    const server = await startServer({
      port: 0,
      dataDir: 'memory',
      seedProducts: 0,
      staticDir: null,
      log: () => undefined,
      googleSignIn: null,
      mail: { smtpUrl, mailFrom: 'no-reply@shop.example', publicUrl: null },
      mailIntervalMs: 100,
    });
    try {
      const headers = { ...CLIENT_HEADERS, 'X-Site-Country': 'th', 'Accept-Language': 'th-TH' };
      const body = registration({}, 'TH');
      const registered = await fetch(`${server.url}${API_PREFIX}/user`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(registered.status).toBe(201);
      const reset = await fetch(`${server.url}${API_PREFIX}/password-resets`, { method: 'POST', headers, body: JSON.stringify({ email: body['email'] }) });
      expect(reset.status).toBe(202);
      const deadline = Date.now() + 5_000;
      const mine = () => smtp.received.filter((message) => message.to.includes(String(body['email'])));
      while (mine().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // Registered and reset from the Thai site in Thai: both emails are in Thai.
      const subjects = mine().map((message) => headerOf(message.data, 'Subject'));
      expect(subjects.sort()).toEqual(['ยินดีต้อนรับสู่ Beauty Pass ประเทศไทย', 'รีเซ็ตรหัสผ่าน Beauty Pass ประเทศไทย ของคุณ'].sort());
      const resetMail = mine().find((message) => headerOf(message.data, 'Subject')?.startsWith('รีเซ็ตรหัสผ่าน'));
      expect(bodyText(resetMail?.data ?? '')).toContain(`${server.url}/reset_password?token=`);
    } finally {
      await server.close();
    }
  });
});

describe('without SMTP: the sandbox mailbox (GET sandbox/emails)', () => {
  it('lists the outbox newest first, reset link readable, sentAt null for what was not sent', async () => {
    const user = await insertUser(t.db);
    expect((await call(t.app, 'POST', '/password-resets', { body: { email: user.email } })).status).toBe(202);
    const response = await call(t.app, 'GET', '/sandbox/emails');
    expect(response.status).toBe(200);
    const { data } = v.parse(SandboxEmailListSchema, await response.json());
    expect(data[0]).toMatchObject({ kind: 'password-reset', to: user.email, sentAt: null });
    expect(data[0]?.text).toMatch(/https:\/\/shop\.example\/reset_password\?token=[A-Za-z0-9_-]{43}/);
    expect(data.map((mail) => mail.id)).toEqual([...data.map((mail) => mail.id)].sort((a, b) => b - a));
  });

  it('with the sandbox off (production) → 404 "Resource not found!", no email text in the body', async () => {
    const production = createApp({ db: t.db, log: () => undefined, sandbox: false });
    const response = await call(production, 'GET', '/sandbox/emails');
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Resource not found!', status: 404 });
    expect(text).not.toContain('reset_password');
  });
});

describe('email texts and configuration', () => {
  const user = { email: 'ana@example.com', firstName: 'Ana', country: 'PH' };

  it('name the store of the member\'s country in all 3 templates ("Beauty Pass Philippines")', () => {
    expect(welcomeEmail(user, 'en', { beautyPassMember: false }).subject).toBe('Welcome to Beauty Pass Philippines');
    expect(passwordResetEmail(user, 'en', { link: 'https://x/reset_password?token=abc', validMinutes: 30 }).text).toContain('within 30 minutes');
    expect(passwordResetEmail(user, 'en', { link: 'https://x/reset_password?token=abc', validMinutes: 1 }).text).toContain('within 1 minute to');
    expect(passwordChangedEmail(user, 'en').text).toContain('Beauty Pass Philippines');
    expect(storeName('HK', 'en')).toBe('Beauty Pass Hong Kong');
    expect(storeName('HK', 'zh')).toBe('Beauty Pass 香港');
    expect(storeName('XX', 'th')).toBe('Beauty Pass');
  });

  it('SMTP_URL, MAIL_FROM and PUBLIC_URL are checked: 3 bad values → a ConfigError naming each', () => {
    expect(loadMailConfig({})).toEqual({ smtpUrl: null, mailFrom: 'Beauty Pass <no-reply@beautypass.localhost>', publicUrl: null });
    expect(loadMailConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Shop <shop@example.com>', PUBLIC_URL: 'https://shop.example/' })).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      mailFrom: 'Shop <shop@example.com>',
      publicUrl: 'https://shop.example',
    });
    const bad = { SMTP_URL: 'http://mail.example', MAIL_FROM: 'nobody', PUBLIC_URL: 'shop.example' };
    for (const load of [() => loadMailConfig(bad), () => loadConfig(bad)]) {
      try {
        load();
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
        expect((error as Error).message).toContain('MAIL_FROM must be an address');
        expect((error as Error).message).toContain('PUBLIC_URL must be an http:// or https:// URL');
      }
    }
  });
});
