// Form validation: the shared checks, the sign-up form's messages, and how API errors are shown.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { capabilitiesOf } from "../../src/api/capabilities";
import { ApiError } from "../../src/api/errors";
import { SignupForm } from "../../src/pages/auth/SignupPage";
import { csvCells, missingColumns } from "../../src/pages/templates/batch-columns";
import { insertMention, mentionAt, mentionCandidates } from "../../src/pages/templates/mention";
import { Problem } from "../../src/ui/Problem";
import { checkEmail, checkName, checkNewPassword, checkPasswordPair, parseJsonObject } from "../../src/ui/validation";

afterEach(cleanup);

describe("validation rules", () => {
  test("email", () => {
    expect(checkEmail("")).toBe("Enter your email address.");
    expect(checkEmail("ada")).toMatch(/like name@example.com/);
    expect(checkEmail(" ada@example.com ")).toBeUndefined();
  });

  test("passwords are 8 to 72 bytes of UTF-8, as the server counts them", () => {
    expect(checkNewPassword("short")).toMatch(/at least 8/);
    expect(checkNewPassword("12345678")).toBeUndefined();
    expect(checkNewPassword("a".repeat(72))).toBeUndefined();
    expect(checkNewPassword("a".repeat(73))).toMatch(/at most 72 bytes/);
    // 25 three-byte characters: 25 characters but 75 bytes.
    expect(checkNewPassword("€".repeat(25))).toMatch(/at most 72 bytes/);
    expect(checkPasswordPair("correct horse", "correct hose")).toEqual({ confirm: "The passwords do not match." });
  });

  test("names and data JSON", () => {
    expect(checkName("   ", 100, "a key name")).toBe("Enter a key name.");
    expect(checkName("x".repeat(101), 100)).toMatch(/at most 100/);
    expect(parseJsonObject('{"name": "Ada"}')).toEqual({ ok: true, value: { name: "Ada" } });
    expect(parseJsonObject("[1]")).toEqual({ ok: false, message: "Data must be a JSON object ({ … })." });
    const bad = parseJsonObject("{nope");
    expect(bad.ok).toBe(false);
  });
});

describe("SignupForm", () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  test("shows each field's message and does not submit an invalid form", () => {
    const onSubmit = vi.fn();
    render(<SignupForm onSubmit={onSubmit} error={null} pending={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    fill("Email", "ada@example.com");
    fill("Password", "correct horse");
    fill("Repeat password", "correct hose");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("The passwords do not match.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("submits a valid form with the trimmed email", () => {
    const onSubmit = vi.fn();
    render(<SignupForm onSubmit={onSubmit} error={null} pending={false} />);
    fill("Email", "  ada@example.com ");
    fill("Password", "correct horse");
    fill("Repeat password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(onSubmit).toHaveBeenCalledWith("ada@example.com", "correct horse");
  });

  test("the server's field error appears under its field", () => {
    const error = new ApiError({ type: "about:blank", title: "Bad Request", status: 400, detail: "Signing up failed.", errors: { email: ["An account with this email already exists."] } });
    render(<SignupForm onSubmit={vi.fn()} error={error} pending={false} />);
    const message = screen.getByText("An account with this email already exists.");
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toContain(message.id);
  });
});

describe("Problem", () => {
  test("shows the detail and every field's messages", () => {
    const error = new ApiError({ type: "about:blank", title: "Bad Request", status: 400, detail: "The template content is not a valid document (2 problems; see errors).", errors: { "bands[0].height": ["expected a number"], name: ["name must not be empty."] } });
    render(<Problem error={error} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("not a valid document");
    expect(alert.textContent).toContain("bands[0].height: expected a number");
    expect(alert.textContent).toContain("name: name must not be empty.");
  });

  test("renders nothing without an error", () => {
    const { container } = render(<Problem error={null} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("mentions and batch columns", () => {
  const members = [
    { userId: "1", email: "ada@example.com", role: "Owner" as const, joinedAt: "" },
    { userId: "2", email: "adam@example.com", role: "Editor" as const, joinedAt: "" },
    { userId: "3", email: "bob@example.com", role: "Viewer" as const, joinedAt: "" },
  ];

  test("the @word at the caret, its candidates (never yourself), and the inserted address", () => {
    const text = "thanks @ad";
    const at = mentionAt(text, text.length);
    expect(at).toEqual({ start: 7, query: "ad" });
    expect(mentionAt("mail ada@example.com", 20)).toBeNull();
    expect(mentionCandidates(members, "ad", "2").map((m) => m.email)).toEqual(["ada@example.com"]);
    expect(insertMention(text, 7, text.length, "ada@example.com")).toEqual({ text: "thanks @ada@example.com ", caret: 24 });
  });

  test("CSV headers and the tokens they lack", () => {
    expect(csvCells('name,"total, EUR",  date ')).toEqual(["name", "total, EUR", "date"]);
    expect(missingColumns(["name", "date", "number"], ["name", "date"])).toEqual(["number"]);
  });
});

describe("server capabilities", () => {
  test("HTML templates are offered only when the OpenAPI document allows editorMode html", () => {
    const doc = (modes: string[]) => ({ components: { schemas: { CreateTemplateBody: { properties: { editorMode: { anyOf: [{ enum: modes, type: "string" }, { type: "null" }] } } } } } });
    expect(capabilitiesOf(doc(["report"])).htmlTemplates).toBe(false);
    expect(capabilitiesOf(doc(["report", "html"])).htmlTemplates).toBe(true);
    expect(capabilitiesOf({})).toEqual({ htmlTemplates: false, oauth: false });
    expect(capabilitiesOf(null)).toEqual({ htmlTemplates: false, oauth: false });
  });

  test("provider sign-in is offered only when the document has the providers endpoint", () => {
    expect(capabilitiesOf({ paths: { "/api/auth/oauth/providers": {} } }).oauth).toBe(true);
    expect(capabilitiesOf({ paths: { "/api/auth/login": {} } }).oauth).toBe(false);
  });
});
