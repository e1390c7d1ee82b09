// A local SMTP server a test starts (the smtp-server package): it takes every message without
// authentication or TLS, as a relay on this machine would, and keeps each one parsed
// (mailparser) so a test reads the customer's e-mail as a mail client shows it.
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the inbox received. */
export interface ReceivedMail {
  mail: ParsedMail;
  raw: string;
}

export async function startInbox({ port = 0 } = {}) {
  const inbox = {
    port,
    /** Every message received: { mail (parsed), raw (the message as sent) }. */
    messages: [] as ReceivedMail[],
    server: null as unknown as SMTPServer,
    get url() {
      return `smtp://127.0.0.1:${inbox.port}`;
    },
    to(address: string) {
      return inbox.messages.filter((message) =>
        (message.mail.to as AddressObject | undefined)?.value.some((entry) => entry.address === address),
      );
    },
    async close() {
      await new Promise<void>((resolve) => inbox.server.close(() => resolve()));
    },
  };
  inbox.server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            inbox.messages.push({ mail, raw: raw.toString('utf8') });
            callback();
          },
          (error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    inbox.server.server.once('error', reject);
    inbox.server.listen(port, '127.0.0.1', () => resolve());
  });
  inbox.port = (inbox.server.server.address() as AddressInfo).port;
  return inbox;
}

/** A port nothing listens on (taken, then freed): an SMTP server that is down. */
export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
