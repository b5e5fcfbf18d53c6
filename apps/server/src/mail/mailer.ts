// The one way email leaves the service: SMTP when SMTP_URL is set, otherwise .eml files in the blob store's
// outbox/ folder (DATA_DIR/outbox with the default filesystem store).
import type { BlobStore } from "../blobs/store.js";
import type * as Nodemailer from "nodemailer";
import { requireFromServer } from "../lazy-require.js";
import type { Transporter } from "nodemailer";
import { uuidv7 } from "../ids.js";
import { errorFields, type Logger } from "../log.js";
import type { MailMessage } from "./message.js";

/** Sends email in the background so no request waits on (or fails because of) a mail server. */
export interface Mailer {
  /** Queues a message; failures are logged, never thrown. */
  dispatch(message: MailMessage): void;
  /** Resolves when every queued message has been sent or has failed. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** Options for createMailer. */
export interface MailerOptions {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  /** Holds outbox/*.eml when smtpUrl is unset. */
  readonly outbox: BlobStore;
  readonly log: Logger;
}

/** A mailer over SMTP or the outbox directory. */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outbox, log } = options;
  // nodemailer is loaded with the first message: a server that sends none never loads it.
  let transport: Transporter | undefined;
  const transportFor = (): Transporter => {
    if (transport === undefined) {
      const nodemailer = requireFromServer("nodemailer") as typeof Nodemailer;
      transport = smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    }
    return transport;
  };
  const pending = new Set<Promise<void>>();

  const send = async (message: MailMessage): Promise<void> => {
    const attachments = message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength), contentType: a.contentType }));
    const info = await transportFor().sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, ...(attachments ? { attachments } : {}) });
    if (smtpUrl) {
      log.info("mail sent", { kind: message.kind, to: message.to });
      return;
    }
    const key = `outbox/${uuidv7()}-${message.kind}.eml`;
    await outbox.put(key, (info as { message: Buffer }).message);
    // Without SMTP the operator needs the link to act on it; it is logged on purpose.
    log.info("mail written to outbox", { kind: message.kind, to: message.to, key, store: outbox.kind, link: message.link });
  };

  return {
    dispatch(message) {
      const p = send(message)
        .catch((err: unknown) => log.error("mail failed", { kind: message.kind, to: message.to, ...errorFields(err) }))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.drain();
      transport?.close();
    },
  };
}
