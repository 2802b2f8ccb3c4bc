import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, messageIdFor } from './smtp-mailer';

/**
 * A minimal SMTP server (plain text, no auth) at the network edge: it accepts every
 * message and keeps its raw DATA, so the test sees what a real mail server would receive.
 */
function startSmtpServer(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (data) {
          if (line === '.') {
            messages.push(data.join('\r\n'));
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test.local\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        messages,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

describe('the SMTP mailer', () => {
  it('sends text and HTML from MAIL_FROM with a Message-ID made from the outbox key', async () => {
    const from = 'Unban Desk <support@unbandesk.example>';
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from });
    const email = {
      idempotencyKey: 'email:request-1:event-1',
      requestId: null,
      to: 'customer@example.test',
      subject: 'UB-7K3Q9XQ2: Payment received',
      text: 'Your payment is confirmed.',
      html: '<p>Your payment is confirmed.</p>',
    };
    try {
      await mailer.send(email);
      await mailer.send(email);
    } finally {
      await mailer.close();
    }
    expect(smtp.messages).toHaveLength(2);
    const [first, second] = smtp.messages;
    const messageId = messageIdFor(email.idempotencyKey, from);
    expect(messageId).toMatch(/^<[0-9a-f]{32}@unbandesk\.example>$/);
    // A re-send after a crash is the same message to the receiving side.
    for (const raw of [first, second]) {
      expect(raw).toContain(`Message-ID: ${messageId}`);
      expect(raw).toContain('From: Unban Desk <support@unbandesk.example>');
      expect(raw).toContain('To: customer@example.test');
      expect(raw).toContain('Subject: UB-7K3Q9XQ2: Payment received');
      expect(raw).toContain('Your payment is confirmed.');
      expect(raw).toContain('text/html');
    }
  });

  it('gives different e-mails different Message-IDs', () => {
    const from = 'support@unbandesk.example';
    expect(messageIdFor('email:a:1', from)).not.toBe(messageIdFor('email:a:2', from));
  });

  it('rejects when the server cannot be reached, so the worker retries', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${closed.port}`,
      from: 'support@unbandesk.example',
    });
    await expect(
      mailer.send({
        idempotencyKey: 'email:x:y',
        requestId: null,
        to: 'customer@example.test',
        subject: 's',
        text: 't',
        html: '<p>t</p>',
      }),
    ).rejects.toThrow();
    await mailer.close();
  });
});
