import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A mail server on loopback that speaks enough SMTP for nodemailer: EHLO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, QUIT. */
export interface FakeSmtp {
  readonly port: number;
  /** The messages received whole (their raw DATA). */
  readonly messages: string[];
  /** The password it accepts for `user`; change it to refuse the sign-in. */
  password: string;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASSWORD = 'smtp-password-0123456789';

/**
 * Starts the fake before the suite and stops it after. Call it before `useTestApp` with the same `env` object:
 * its SMTP_URL (with the user and password) is filled in before the app is built.
 */
export function useFakeSmtp(env: Record<string, string>): FakeSmtp {
  const fake = { port: 0, messages: [] as string[], password: SMTP_PASSWORD };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const say = (line: string) => socket.write(`${line}\r\n`);
    const signIn = (plain: string) => say(plain === `\0${SMTP_USER}\0${fake.password}` ? '235 2.7.0 Accepted' : '535 5.7.8 Authentication credentials invalid');
    const decode = (b64: string) => Buffer.from(b64, 'base64').toString();
    let pending: ((line: string) => void) | null = null;
    let data: string[] | null = null;
    let buffered = '';
    say('220 fake.smtp.test ESMTP');
    socket.on('data', (chunk) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line === '.') {
            fake.messages.push(data.join('\n'));
            data = null;
            say('250 2.0.0 Queued');
          } else data.push(line);
          continue;
        }
        if (pending) {
          const next = pending;
          pending = null;
          next(line);
          continue;
        }
        const [verb = '', ...rest] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            say('250-fake.smtp.test');
            say('250 AUTH PLAIN LOGIN');
            break;
          case 'AUTH':
            if (rest[0]?.toUpperCase() === 'PLAIN') {
              if (rest[1]) signIn(decode(rest[1]));
              else (say('334 '), (pending = (l) => signIn(decode(l))));
            } else {
              say('334 VXNlcm5hbWU6');
              pending = (user) => {
                say('334 UGFzc3dvcmQ6');
                pending = (password) => signIn(`\0${decode(user)}\0${decode(password)}`);
              };
            }
            break;
          case 'DATA':
            data = [];
            say('354 End data with <CR><LF>.<CR><LF>');
            break;
          case 'QUIT':
            say('221 Bye');
            socket.end();
            break;
          case 'MAIL':
          case 'RCPT':
          case 'RSET':
          case 'NOOP':
            say('250 OK');
            break;
          default:
            say('502 Command not implemented');
        }
      }
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.port = (server.address() as AddressInfo).port;
    env.SMTP_URL = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${fake.port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return fake;
}
