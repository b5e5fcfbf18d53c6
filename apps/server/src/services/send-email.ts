// Send by email: render a stored template (metered like any render) and mail the PDF as an attachment.
import type { EinvoiceOption } from "../schemas/einvoice.js";
import type { ProtectOptions } from "@docsvc/pdf";
import type { SessionPrincipal } from "../auth/principal.js";
import { findTemplate } from "../db/templates.js";
import { NotFoundError } from "../errors.js";
import { documentMessage } from "../mail/templates/document.js";
import type { ServiceDeps } from "./deps.js";
import type { SignInput } from "../schemas/sign.js";
import { checkTheme, renderStoredTemplate } from "./render.js";
import { formOptions } from "../schemas/forms.js";
import { requireRole } from "./workspaces.js";

/** What sending takes (validated by SendTemplateEmailBody). */
export interface SendEmailInput {
  readonly to: string;
  readonly data: Record<string, unknown>;
  readonly subject?: string | null | undefined;
  readonly message?: string | null | undefined;
  readonly fileName?: string | null | undefined;
  readonly theme?: unknown;
  readonly sign?: SignInput | null | undefined;
  readonly forms?: boolean | undefined;
  readonly flatten?: boolean | undefined;
  readonly tagged?: boolean | undefined;
  /** The attachment is encrypted with these passwords and permissions. */
  readonly protect?: ProtectOptions | undefined;
  /** Stamps on the attachment's pages (validated by StampsField). */
  readonly stamps?: readonly unknown[] | undefined;
  /** The attachment carries this e-invoice (docs/einvoicing.md). */
  readonly einvoice?: EinvoiceOption | undefined;
  readonly pdfStandards?: readonly import("@docsvc/pdf").PdfStandard[] | undefined;
}

/** The attachment name: the caller's (unsafe characters replaced, `.pdf` ensured) or the template's. */
export function attachmentName(requested: string | null | undefined, fallback: string): string {
  const stem = (requested ?? "")
    .replace(/\.pdf$/i, "")
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]+/g, "-")
    .trim()
    .replace(/^\.+/, "");
  return stem === "" ? fallback : `${stem}.pdf`;
}

/** Renders the template with the data and queues the email (Owner or Editor). */
export async function sendTemplateEmail(
  deps: ServiceDeps,
  principal: SessionPrincipal,
  templateId: string,
  input: SendEmailInput,
): Promise<{ ok: true; to: string; fileName: string; pages: number }> {
  const template = await findTemplate(deps.db, principal.workspaceId, templateId);
  if (template === undefined) throw new NotFoundError("Template");
  requireRole(principal, "Owner", "Editor");
  checkTheme(input.theme);
  const rendered = await renderStoredTemplate(deps, principal, templateId, { data: input.data, theme: input.theme, sign: input.sign, ...formOptions(input), protect: input.protect, stamps: input.stamps, einvoice: input.einvoice, pdfStandards: input.pdfStandards });
  const fileName = attachmentName(input.fileName, rendered.title ? `${rendered.title.replace(/[/\\:*?"<>|\u0000-\u001f]+/g, "-")}.pdf` : rendered.fileName);
  // Background delivery like every email: the mail server's answer never fails (or delays) the request.
  deps.mailer.dispatch(
    documentMessage({
      to: input.to.toLowerCase(),
      subject: input.subject?.trim() || template.name,
      message: input.message ?? undefined,
      fileName,
      pdf: rendered.pdf,
      link: deps.config.publicUrl,
    }),
  );
  return { ok: true, to: input.to.toLowerCase(), fileName, pages: rendered.pages };
}
