// A real SMTP server on loopback that keeps every message it receives, for tests to read links out of.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One received message. */
export interface ReceivedMail {
  readonly to: readonly string[];
  readonly raw: string;
  /** The decoded text of the message (quoted-printable undone), enough to find links. */
  readonly text: string;
}

/** The SMTP catcher. */
export interface SmtpCatcher {
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within the timeout) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Starts the catcher on a free loopback port. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push({ to, raw, text: decodeQuotedPrintable(raw) });
        for (const w of [...waiters]) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error("no matching email arrived"));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token in the first link to `/<path>?token=` or `/invites/<token>` inside a message. */
export function tokenFrom(mail: ReceivedMail, kind: "verify-email" | "reset-password" | "invites"): string {
  const pattern = kind === "invites" ? /\/invites\/([A-Za-z0-9_%-]+)/ : new RegExp(`/${kind}\\?token=([A-Za-z0-9_%-]+)`);
  const match = mail.text.match(pattern);
  if (!match?.[1]) throw new Error(`no ${kind} link in:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
