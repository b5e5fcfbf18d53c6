// Property fields while someone else edits the same element: a focused field shows the stored value as soon
// as it changes (the caret kept beside the same characters), a text field sends what changed as an edit of
// what it showed, and a normalised value ("2, " for [2]) does not replace what is being typed.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, test } from "vitest";
import { NumberProp, TextProp } from "../../src/designer/panels/fields";

afterEach(cleanup);

/** A text field over a value the test can change from outside, as a peer's edit would. */
function Harness({ initial, onEdit }: { readonly initial: string; readonly onEdit: (base: string, next: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TextProp k="text" label="Text" value={value} onChange={() => undefined} onEdit={(base, next) => { onEdit(base, next); setValue(next); }} multiline />
      <button type="button" onClick={() => setValue((v) => `>> ${v}`)}>peer prepends</button>
    </>
  );
}

describe("a focused property field", () => {
  test("shows a peer's change at once and keeps the caret beside the same characters", () => {
    render(<Harness initial="Thank you" onEdit={() => undefined} />);
    const field = screen.getByTestId<HTMLTextAreaElement>("prop-text");
    field.focus();
    field.setSelectionRange(5, 5);
    fireEvent.click(screen.getByText("peer prepends"));
    expect(field.value).toBe(">> Thank you");
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([8, 8]);
  });

  test("sends each change as an edit of what it showed (the base), so it can be merged", () => {
    const edits: [string, string][] = [];
    render(<Harness initial="Hello" onEdit={(base, next) => edits.push([base, next])} />);
    const field = screen.getByTestId<HTMLTextAreaElement>("prop-text");
    field.focus();
    fireEvent.change(field, { target: { value: "Hello!" } });
    fireEvent.click(screen.getByText("peer prepends"));
    fireEvent.change(field, { target: { value: ">> Hello!?" } });
    expect(edits).toEqual([["Hello", "Hello!"], [">> Hello!", ">> Hello!?"]]);
  });

  test("a value that stands for the draft (normalised) does not replace what is typed", () => {
    function Dash() {
      const [value, setValue] = useState<string | undefined>(undefined);
      const norm = (t: string) => t.split(/[\s,]+/).filter(Boolean).join(", ");
      return <TextProp k="dash" label="Dash" value={value} same={(d, s) => norm(d) === s} onChange={(v) => setValue(norm(v ?? "") || undefined)} />;
    }
    render(<Dash />);
    const field = screen.getByTestId<HTMLInputElement>("prop-dash");
    field.focus();
    fireEvent.change(field, { target: { value: "2, " } });
    expect(field.value).toBe("2, ");
  });

  test("a number field shows a peer's different number while focused", () => {
    function Size() {
      const [value, setValue] = useState<number | undefined>(12);
      return (
        <>
          <NumberProp k="fontSize" label="Font size" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue(14)}>peer sets 14</button>
        </>
      );
    }
    render(<Size />);
    const field = screen.getByTestId<HTMLInputElement>("prop-fontSize");
    field.focus();
    fireEvent.click(screen.getByText("peer sets 14"));
    expect(field.value).toBe("14");
    expect(document.activeElement).toBe(field);
  });
});
