/**
 * A fake SMTP server on 127.0.0.1 for tests: it speaks enough of the protocol for nodemailer (no TLS,
 * no auth), keeps every delivered message, and can refuse recipients with `failWith`. Point the app at
 * it with SMTP_URL=`fake.url`.
 */
export interface FakeSmtpMessage {
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, then the (possibly quoted-printable) body. */
  data: string;
}

interface SessionState {
  buffer: string;
  inData: boolean;
  from: string;
  to: string[];
  data: string[];
}

export function startFakeSmtp() {
  const messages: FakeSmtpMessage[] = [];
  let refusal: string | null = null;

  const server = Bun.listen<SessionState>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(socket) {
        socket.data = { buffer: '', inData: false, from: '', to: [], data: [] };
        socket.write('220 fake-smtp ready\r\n');
      },
      data(socket, chunk) {
        const state = socket.data;
        state.buffer += chunk.toString();
        let end: number;
        while ((end = state.buffer.indexOf('\r\n')) >= 0) {
          const line = state.buffer.slice(0, end);
          state.buffer = state.buffer.slice(end + 2);
          if (state.inData) {
            if (line === '.') {
              state.inData = false;
              messages.push({ from: state.from, to: state.to, data: state.data.join('\r\n') });
              state.data = [];
              socket.write('250 queued\r\n');
            } else state.data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
          else if (command === 'MAIL') {
            state.from = line.slice(line.indexOf(':') + 1).trim();
            state.to = [];
            socket.write('250 ok\r\n');
          } else if (command === 'RCPT') {
            if (refusal) socket.write(`${refusal}\r\n`);
            else {
              state.to.push(line.slice(line.indexOf(':') + 1).trim());
              socket.write('250 ok\r\n');
            }
          } else if (command === 'DATA') {
            state.inData = true;
            socket.write('354 end with .\r\n');
          } else if (command === 'RSET' || command === 'NOOP') socket.write('250 ok\r\n');
          else if (command === 'QUIT') {
            socket.write('221 bye\r\n');
            socket.end();
          } else socket.write('502 not implemented\r\n');
        }
      },
    },
  });

  return {
    url: `smtp://127.0.0.1:${server.port}`,
    messages,
    /** Refuse every recipient with this reply (e.g. '550 no such user'); null delivers again. */
    failWith(reply: string | null) {
      refusal = reply;
    },
    stop() {
      server.stop(true);
    },
  };
}
