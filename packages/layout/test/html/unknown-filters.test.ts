// A misspelt filter is a `token.filter` diagnostic wherever a token stands in an HTML template (text, an attribute,
// data-each, data-if), once per place however many rows repeat it, and in every render of one compiled template:
// the attribute check is worked out once per template element, but its messages are said each time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compileHtml, layoutHtml } from "../../src/index.js";
import { registry } from "../text/helpers.js";

// The heading's attribute and text say the same of the same element: one entry. The list's data-each with a
// misspelt filter is no list, so its items are not expanded; the table's rows are, three times, saying `nmber` once.
const HTML = `<h1 title="{{total | numbr}}">Total {{total | numbr}}</h1>
<table><tr data-each="items"><td data-if="qty | nmber" title="{{qty | fixd}}">{{qty}}</td></tr></table>
<ul><li data-each="items | sortt">{{qty}}</li></ul>`;

test("unknown filters: each place once per render, in every render of one compiled template", () => {
  const compiled = compileHtml(HTML);
  const data = { total: 1234.5, items: [{ qty: 1 }, { qty: 2 }, { qty: 3 }] };
  for (let render = 1; render <= 2; render++) {
    const diagnostics = layoutHtml(compiled, data, { fonts: registry, now: new Date(0) }).diagnostics.filter((d) => d.code === "token.filter");
    const named = diagnostics.map((d) => d.message.match(/there is no filter "(\w+)"/)?.[1]).sort();
    assert.deepEqual(named, ["fixd", "nmber", "numbr", "sortt"], `render ${render}: ${JSON.stringify(diagnostics)}`);
  }
});
