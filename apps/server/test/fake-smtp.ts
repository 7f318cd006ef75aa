import { createServer, type Server, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };
type Stage = 'MAIL' | 'RCPT' | 'DATA';

/**
 * A tiny SMTP peer for tests (EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT). It can hold new
 * connections before their greeting (a slow server) and answer a chosen stage with a 4xx/5xx reply.
 */
export class FakeSmtp {
  readonly received: ReceivedMail[] = [];
  private held: Array<() => void> | null = null;
  private failures: Array<{ stage: Stage; reply: string }> = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<FakeSmtp> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const smtp = new FakeSmtp(server, address.port);
    server.on('connection', (socket) => smtp.accept(socket));
    return smtp;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** New connections wait for their greeting until `release`. */
  hold() {
    this.held ??= [];
  }

  release() {
    const waiting = this.held ?? [];
    this.held = null;
    for (const greet of waiting) greet();
  }

  /** The next `times` mails get `reply` (e.g. `451 4.3.0 Try again later`) at `stage`. */
  failNext(times: number, stage: Stage, reply: string) {
    for (let i = 0; i < times; i++) this.failures.push({ stage, reply });
  }

  reset() {
    this.received.length = 0;
    this.failures = [];
    this.release();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const greet = () => socket.write('220 fake.smtp ESMTP ready\r\n');
    if (this.held) this.held.push(greet);
    else greet();

    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    /** A scheduled failure for this stage, consumed when it answers. */
    const failure = (stage: Stage) => {
      const index = this.failures.findIndex((f) => f.stage === stage);
      if (index < 0) return null;
      return this.failures.splice(index, 1)[0].reply;
    };

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.smtp');
        else if (verb === 'MAIL') {
          const refused = failure('MAIL');
          if (refused) reply(refused);
          else {
            mail = { from: address(line), to: [], data: '' };
            reply('250 2.1.0 ok');
          }
        } else if (verb === 'RCPT') {
          const refused = failure('RCPT');
          if (refused) reply(refused);
          else {
            mail.to.push(address(line));
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          const refused = failure('DATA');
          if (refused) reply(refused);
          else {
            inData = true;
            reply('354 end with <CRLF>.<CRLF>');
          }
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 Command unrecognized');
      }
    });
  }
}

const address = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';
