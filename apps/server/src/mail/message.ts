/** The kinds of email the service sends; one template each. */
export type MailKind = "verify-email" | "reset-password" | "invite" | "mention" | "document";

/** A file attached to an email. */
export interface MailAttachment {
  readonly filename: string;
  readonly content: Uint8Array;
  readonly contentType: string;
}

/** A rendered email, ready to send. */
export interface MailMessage {
  readonly kind: MailKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Files sent along (a rendered PDF). */
  readonly attachments?: readonly MailAttachment[];
  /** The action link inside, logged when mail goes to the outbox. */
  readonly link: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML bodies and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** The shared HTML frame: one paragraph list and one button. */
export function htmlLayout(paragraphs: readonly string[], buttonLabel: string, link: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n");
  const href = escapeHtml(link);
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:24px auto">
${body}
<p style="margin:24px 0"><a href="${href}" style="background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(buttonLabel)}</a></p>
<p style="margin:0;color:#555;font-size:13px">Or open this link: <a href="${href}">${href}</a></p>
</body></html>
`;
}
