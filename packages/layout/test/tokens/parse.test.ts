import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFilterChain, parseTemplate } from "../../src/tokens/parse.js";
import type { FilterCall, TemplatePart } from "../../src/tokens/types.js";

// Token parts are compared as [path, filters]; literals as strings.
type Shape = string | readonly [string, readonly FilterCall[]];
const shape = (parts: readonly TemplatePart[]): Shape[] =>
  parts.map((p) => (typeof p === "string" ? p : ([p.path, p.filters] as const)));

const PARSE_CASES: ReadonlyArray<readonly [string, string, readonly Shape[]]> = [
  ["plain text is one literal", "Hello world", ["Hello world"]],
  ["empty text has no parts", "", []],
  ["bare token", "{{a}}", [["a", []]]],
  ["whitespace inside braces ignored", "{{   customer . name   }}", [["customer.name", []]]],
  ["newlines inside braces ignored", "{{\n  total\n}}", [["total", []]]],
  ["token between literals", "Hi {{ name }}!", ["Hi ", ["name", []], "!"]],
  ["adjacent tokens", "{{a}}{{b}}", [["a", []], ["b", []]]],
  ["empty token", "{{}}", [["", []]]],
  ["blank token", "{{   }}", [["", []]]],
  ["unterminated braces print literally", "{{ abc", ["{{ abc"]],
  ["unterminated after text", "Total: {{ abc", ["Total: {{ abc"]],
  ["unterminated then closed token", "{{ a {{ b }}", ["{{ a ", ["b", []]]],
  ["closing braces alone are text", "a }} b", ["a }} b"]],
  ["single braces are text", "{a} {b}", ["{a} {b}"]],
  ["extra closing brace stays", "{{a}}}", [["a", []], "}"]],
  ["filter with quoted arg", '{{ a | number:"0.00" }}', [["a", [{ name: "number", arg: "0.00" }]]]],
  ["filter without arg", "{{ a | number }}", [["a", [{ name: "number" }]]]],
  ["filter names are lower-cased", "{{ a | Number }}", [["a", [{ name: "number" }]]]],
  ["bare arg is trimmed", "{{ a | date: short }}", [["a", [{ name: "date", arg: "short" }]]]],
  ["escaped quote in arg", '{{ a | date:"yyyy \\"Q\\"" }}', [["a", [{ name: "date", arg: 'yyyy "Q"' }]]]],
  ["escaped backslash in arg", '{{ a | x:"a\\\\b" }}', [["a", [{ name: "x", arg: "a\\b" }]]]],
  ["braces inside a quoted arg", "{{ a | date:\"'}}'\" }}", [["a", [{ name: "date", arg: "'}}'" }]]]],
  ["pipe inside a quoted arg", '{{ a | x:"1|2" }}', [["a", [{ name: "x", arg: "1|2" }]]]],
  ["spaces inside a quoted arg kept", '{{ a | date:"d MMM yyyy" }}', [["a", [{ name: "date", arg: "d MMM yyyy" }]]]],
  ["text after closing quote ignored", '{{ a | number:"0.0" junk }}', [["a", [{ name: "number", arg: "0.0" }]]]],
  ["chained filters", '{{ a | number | shout:"x" }}', [["a", [{ name: "number" }, { name: "shout", arg: "x" }]]]],
  ["empty filter steps skipped", "{{ a | | number |}}", [["a", [{ name: "number" }]]]],
  ["quoted key keeps its spaces", '{{ row["first name"] }}', [['row["first name"]', []]]],
  ["built-in path", "{{$page}}", [["$page", []]]],
  ["colon in unquoted arg", "{{ a | x:1:2 }}", [["a", [{ name: "x", arg: "1:2" }]]]],
];

for (const [name, input, expected] of PARSE_CASES) {
  test(`parseTemplate: ${name}`, () => {
    assert.deepEqual(shape(parseTemplate(input).parts), expected);
  });
}

const FLAG_CASES: ReadonlyArray<readonly [string, boolean, boolean]> = [
  ["no tokens here", false, false],
  ["{{ abc", false, false],
  ["{{ a }}", true, false],
  ["Page {{$page}} of {{ $pages }}", true, true],
  ["{{ $pages | number }}", true, true],
  ["{{ $pageTitle }}", true, false],
  ["{{ $index }}", true, false],
  ['{{ a | x:"$page" }}', true, false],
];

for (const [input, hasTokens, usesPageTokens] of FLAG_CASES) {
  test(`parseTemplate flags: ${JSON.stringify(input)}`, () => {
    const parsed = parseTemplate(input);
    assert.equal(parsed.hasTokens, hasTokens);
    assert.equal(parsed.usesPageTokens, usesPageTokens);
  });
}

test("parseTemplate: keeps the token source and caches per string", () => {
  const first = parseTemplate("Total {{ total | number }}");
  assert.equal(parseTemplate("Total {{ total | number }}"), first);
  const token = first.parts[1];
  assert.ok(token !== undefined && typeof token !== "string");
  assert.equal(token.source, "{{ total | number }}");
  assert.ok(Object.isFrozen(first.parts));
});

const CHAIN_CASES: ReadonlyArray<readonly [string, readonly FilterCall[]]> = [
  ['number:"#,##0.00"', [{ name: "number", arg: "#,##0.00" }]],
  ['| number:"0"', [{ name: "number", arg: "0" }]],
  ['date:"short" | upper', [{ name: "date", arg: "short" }, { name: "upper" }]],
  ["number", [{ name: "number" }]],
  ["", []],
  ['number:"0.00;(0.00)"', [{ name: "number", arg: "0.00;(0.00)" }]],
];

for (const [input, expected] of CHAIN_CASES) {
  test(`parseFilterChain: ${JSON.stringify(input)}`, () => {
    assert.deepEqual(parseFilterChain(input), expected);
  });
}
