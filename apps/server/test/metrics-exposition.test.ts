// The metric families' text exposition: what Prometheus parses (cumulative buckets, +Inf, sum and count per
// label set; escaped label values), written without prom-client, which loads only for the process figures.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CounterFamily, expose, HistogramFamily, ReadFamily } from "../src/metrics/exposition.js";

test("a histogram's buckets are cumulative, with +Inf, _sum and _count per label set", () => {
  const h = new HistogramFamily("t_seconds", "Time.", ["source"], [0.1, 1]);
  h.observe({ source: "api" }, 0.05);
  h.observe({ source: "api" }, 0.5);
  h.observe({ source: "api" }, 5);
  assert.equal(
    h.text(),
    [
      "# HELP t_seconds Time.",
      "# TYPE t_seconds histogram",
      't_seconds_bucket{le="0.1",source="api"} 1',
      't_seconds_bucket{le="1",source="api"} 2',
      't_seconds_bucket{le="+Inf",source="api"} 3',
      't_seconds_sum{source="api"} 5.55',
      't_seconds_count{source="api"} 3',
    ].join("\n"),
  );
});

test("counters add up per label set and escape label values; figures read at scrape time", () => {
  const c = new CounterFamily("c_total", "Counted.\nTwice.", ["route"]);
  c.inc({ route: '/a"b\\c' });
  c.inc({ route: '/a"b\\c' }, 2);
  c.inc({ route: "/x" });
  let depth = 1;
  const g = new ReadFamily("q", "Queue.", "gauge", () => depth);
  depth = 4;
  assert.equal(
    expose([c, g]),
    ["# HELP c_total Counted.\\nTwice.", "# TYPE c_total counter", 'c_total{route="/a\\"b\\\\c"} 3', 'c_total{route="/x"} 1', "", "# HELP q Queue.", "# TYPE q gauge", "q 4"].join("\n"),
  );
});
