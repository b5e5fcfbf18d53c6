import { escapeHtml, type MailMessage } from "../message.js";

/** What a document email carries. */
export interface DocumentMail {
  readonly to: string;
  readonly subject: string;
  /** The sender's note; a default line when absent. */
  readonly message: string | undefined;
  readonly fileName: string;
  readonly pdf: Uint8Array;
  /** Logged for outbox delivery (there is no action link in a document email). */
  readonly link: string;
}

/** A rendered PDF sent as an attachment (send-email and batch emailColumn). */
export function documentMessage(mail: DocumentMail): MailMessage {
  const note = mail.message?.trim() || `Please find the document ${mail.fileName} attached.`;
  const paragraphs = note.split(/\r?\n\s*\r?\n/);
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:24px auto">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\r?\n/g, "<br>")}</p>`).join("\n")}
<p style="margin:0;color:#555;font-size:13px">Attached: ${escapeHtml(mail.fileName)}</p>
</body></html>
`;
  return {
    kind: "document",
    to: mail.to,
    subject: mail.subject,
    text: `${note}\n\nAttached: ${mail.fileName}\n`,
    html,
    attachments: [{ filename: mail.fileName, content: mail.pdf, contentType: "application/pdf" }],
    link: mail.link,
  };
}
