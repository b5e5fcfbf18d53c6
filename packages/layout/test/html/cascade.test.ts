// The HTML front end's pure parts: sanitising, CSS values, the cascade's order (origin, !important,
// specificity, order, inheritance) and tokens with data-each / data-if.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DiagnosticSink } from "../../src/diagnostics.js";
import { cascade } from "../../src/html/cascade.js";
import { compileHtml } from "../../src/index.js";
import type { HtmlElement, HtmlNode } from "../../src/html/dom.js";
import { expandTemplate } from "../../src/html/expand.js";
import { parseColour, parseLength } from "../../src/html/values.js";

const BASE = { em: 12, rem: 12 };

function find(root: HtmlElement, predicate: (el: HtmlElement) => boolean): HtmlElement | undefined {
  const stack: HtmlNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (node.kind !== "element") continue;
    if (predicate(node)) return node;
    stack.push(...[...node.children].reverse());
  }
  return undefined;
}

function styled(html: string, data: unknown = {}) {
  const compiled = compileHtml(html);
  const diagnostics = new DiagnosticSink();
  const root = expandTemplate(compiled.root, { root: data, locale: "en-US", timezone: "UTC", now: new Date(0) }, diagnostics);
  const styles = cascade(root, compiled.sheet, diagnostics);
  const byId = (id: string) => {
    const el = find(root, (e) => e.attrs.get("id") === id);
    assert.ok(el, `#${id}`);
    return styles.get(el) as NonNullable<ReturnType<typeof styles.get>>;
  };
  return { root, byId, diagnostics: [...compiled.diagnostics, ...diagnostics.items] };
}

describe("CSS values", () => {
  test("units, calc() and colours", () => {
    assert.deepEqual(parseLength("16px", BASE), { pt: 12, pct: 0 });
    assert.deepEqual(parseLength("1in", BASE), { pt: 72, pct: 0 });
    assert.deepEqual(parseLength("2em", { em: 10, rem: 12 }), { pt: 20, pct: 0 });
    assert.deepEqual(parseLength("calc(100% - 2 * 6pt)", BASE), { pt: -12, pct: 100 });
    assert.equal(parseLength("12", BASE), undefined);
    assert.equal(parseColour("#abc"), "#aabbcc");
    assert.equal(parseColour("rgb(255, 0, 128)"), "#ff0080");
    assert.equal(parseColour("rgba(0,0,0,0.1)"), null);
    assert.equal(parseColour("teal"), "#008080");
    assert.equal(parseColour("nope"), undefined);
  });
});

describe("the cascade", () => {
  test("specificity, order, !important, style attributes and inheritance", () => {
    const { byId } = styled(`<style>
      p { color: red } .a { color: green } #x { color: blue } p.a { color: purple }
      .imp { color: orange !important } #y { color: black }
      div { font-size: 20px; font-weight: bold; border: 1px solid red }
    </style>
    <p id="x" class="a">x</p><p id="p" class="a">p</p><p id="y" class="imp" style="color: gray">y</p>
    <p id="s" style="color: #00ff00">s</p><div id="d"><span id="child">c</span></div>`);
    assert.equal(byId("x").color, "#0000ff");
    assert.equal(byId("p").color, "#800080");
    assert.equal(byId("y").color, "#ffa500");
    assert.equal(byId("s").color, "#00ff00");
    assert.equal(byId("child").size, 15);
    assert.equal(byId("child").weight, 700);
    assert.deepEqual(byId("child").borderWidth, [0, 0, 0, 0], "borders are not inherited");
    assert.deepEqual(byId("d").borderWidth, [0.75, 0.75, 0.75, 0.75]);
  });

  test("structural selectors see the rows data-each produced", () => {
    const { root, byId } = styled(`<style>tr:nth-child(even) { background-color: #eeeeee } tr:last-child td { font-weight: 700 }</style>
      <table><tr data-each="rows" id="{{id}}"><td id="c{{id}}">{{name}}</td></tr></table>`, { rows: [{ id: "r1", name: "A" }, { id: "r2", name: "B" }, { id: "r3", name: "C" }] });
    assert.equal(byId("r1").background, null);
    assert.equal(byId("r2").background, "#eeeeee");
    assert.equal(byId("cr3").weight, 700);
    assert.equal(byId("cr1").weight, 400);
    const texts: string[] = [];
    const stack: HtmlNode[] = [root];
    while (stack.length > 0) {
      const n = stack.pop() as HtmlNode;
      if (n.kind === "text") texts.push(n.text);
      else stack.push(...[...n.children].reverse());
    }
    assert.deepEqual(texts.filter((t) => t.trim() !== ""), ["A", "B", "C"]);
  });

  test("unsupported properties raise one diagnostic per property and selector; unknown selectors drop their rule", () => {
    const { diagnostics, byId } = styled(`<style>.f { filter: blur(1px); color: red } .f { filter: grayscale(1) } p::selection { color: red } p:hover { color: blue }</style><p id="f" class="f">t</p>`);
    const floats = diagnostics.filter((d) => d.message.startsWith("filter"));
    assert.equal(floats.length, 1);
    assert.equal(floats[0]?.path, ".f");
    assert.equal(byId("f").color, "#ff0000");
    assert.ok(diagnostics.some((d) => d.code === "css.unsupported" && d.path === "p::selection"));
  });
});

describe("tokens, data-each and data-if", () => {
  test("paths resolve against the item, then outward; $index is 1-based; data-if keeps truthy elements", () => {
    const { root } = styled(`<ul><li data-each="items" title="{{sku}}">{{$index}} {{name}} of {{customer}}<b data-if="rush">!</b></li></ul>`, {
      customer: "Ada",
      items: [{ name: "bolt", sku: "B1", rush: true }, { name: "nut", sku: "N1", rush: false }],
    });
    const items: string[] = [];
    const stack: HtmlNode[] = [root];
    while (stack.length > 0) {
      const n = stack.pop() as HtmlNode;
      if (n.kind === "element" && n.tag === "li") {
        const text = (el: HtmlNode): string => (el.kind === "text" ? el.text : el.children.map(text).join(""));
        items.push(`${n.attrs.get("title")}:${text(n)}`);
      } else if (n.kind === "element") stack.push(...[...n.children].reverse());
    }
    assert.deepEqual(items, ["B1:1 bolt of Ada!", "N1:2 nut of Ada"]);
  });

  test("values are text, never markup", () => {
    const { root } = styled(`<p>{{v}}</p>`, { v: "<script>alert(1)</script><b>x</b>" });
    assert.equal(find(root, (e) => e.tag === "script" || e.tag === "b"), undefined);
  });
});

describe("sanitising", () => {
  test("each dangerous construct is removed with a diagnostic", () => {
    const { root, diagnostics } = styled(`<script>x</script><iframe src="http://a"></iframe><p onclick="x()" id="p">t</p><img src="http://a/b.png" id="i"><style>@import "http://a/c.css"; p { background: url(http://a/d.png) }</style>`);
    assert.equal(find(root, (e) => e.tag === "script" || e.tag === "iframe"), undefined);
    assert.equal(find(root, (e) => e.attrs.get("id") === "p")?.attrs.has("onclick"), false);
    assert.equal(find(root, (e) => e.attrs.get("id") === "i")?.attrs.has("src"), false);
    const codes = diagnostics.map((d) => d.code);
    for (const code of ["html.dropped", "html.remote", "css.dropped"]) assert.ok(codes.includes(code), code);
    assert.equal(diagnostics.filter((d) => d.code === "css.dropped").length, 2);
  });
});

describe("rule index keys", () => {
  test("the rightmost compound's id, class or tag, outside brackets and parentheses", async () => {
    const { keyOf } = await import("../../src/html/rule-index.js");
    const cases: [string, string][] = [
      ["table.items tbody tr:nth-child(even)", "tr"],
      ["div > p.note", ".note"],
      ["#x.y", "#x"],
      ["a[href]", "a"],
      ["ul li:not(.done)", "li"],
      [":is(h1, h2)", "*"],
      ["*", "*"],
      ['[data-x="a b"]', "*"],
      ["p + .a", ".a"],
      ["TD", "td"],
    ];
    for (const [selector, key] of cases) assert.equal(keyOf(selector), key, selector);
  });
});
