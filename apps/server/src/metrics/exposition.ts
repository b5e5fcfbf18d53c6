// The service's own metric families and their Prometheus text exposition (format 0.0.4). They are kept here
// rather than in prom-client so that counting a request never loads it: prom-client (with @opentelemetry/api,
// 80-odd modules) is imported on the first scrape, for the process metrics only (metrics.ts).

/** Label values by label name. */
export type Labels<N extends string> = Readonly<Record<N, string>>;

/** One family as text: HELP, TYPE and one line per sample. */
interface Family {
  text(): string;
}

// Escaping as the exposition format asks: backslash and newline in HELP; those and the double quote in values.
const escapeHelp = (s: string): string => s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
const escapeValue = (s: string): string => s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');

function number(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

function labelText(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return "";
  return `{${names.map((name, i) => `${name}="${escapeValue(values[i] ?? "")}"`).join(",")}}`;
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}`;
}

// Label sets are keyed by their values in label-name order (bounded: callers pass bounded values).
const keyOf = (values: readonly string[]): string => JSON.stringify(values);

/** A counter family (monotonic totals per label set). */
export class CounterFamily<N extends string> implements Family {
  private readonly values = new Map<string, { readonly labels: readonly string[]; value: number }>();

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly labelNames: readonly N[],
  ) {}

  inc(labels: Labels<N>, by = 1): void {
    const values = this.labelNames.map((n) => labels[n]);
    const key = keyOf(values);
    const entry = this.values.get(key);
    if (entry === undefined) this.values.set(key, { labels: values, value: by });
    else entry.value += by;
  }

  text(): string {
    const lines = [header(this.name, this.help, "counter")];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(this.labelNames, labels)} ${number(value)}`);
    return lines.join("\n");
  }
}

/** A histogram family: cumulative bucket counts, sum and count per label set. */
export class HistogramFamily<N extends string> implements Family {
  private readonly values = new Map<string, { readonly labels: readonly string[]; readonly counts: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly labelNames: readonly N[],
    private readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels<N>, value: number): void {
    const values = this.labelNames.map((n) => labels[n]);
    const key = keyOf(values);
    let entry = this.values.get(key);
    if (entry === undefined) {
      entry = { labels: values, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    const i = this.buckets.findIndex((upper) => value <= upper);
    if (i >= 0) entry.counts[i] = (entry.counts[i] ?? 0) + 1;
    entry.sum += value;
    entry.count += 1;
  }

  text(): string {
    const lines = [header(this.name, this.help, "histogram")];
    // `le` first, as prom-client wrote it.
    const names = ["le", ...this.labelNames];
    for (const { labels, counts, sum, count } of this.values.values()) {
      let cumulative = 0;
      this.buckets.forEach((upper, i) => {
        cumulative += counts[i] ?? 0;
        lines.push(`${this.name}_bucket${labelText(names, [number(upper), ...labels])} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText(names, ["+Inf", ...labels])} ${count}`);
      lines.push(`${this.name}_sum${labelText(this.labelNames, labels)} ${number(sum)}`);
      lines.push(`${this.name}_count${labelText(this.labelNames, labels)} ${count}`);
    }
    return lines.join("\n");
  }
}

/** A figure read when scraped (kept by its owner): a gauge, or a counter whose running total lives elsewhere. */
export class ReadFamily implements Family {
  constructor(
    readonly name: string,
    private readonly help: string,
    private readonly type: "gauge" | "counter",
    private readonly read: () => number,
  ) {}

  text(): string {
    return `${header(this.name, this.help, this.type)}\n${this.name} ${number(this.read())}`;
  }
}

/** The exposition text of `families`, one blank line apart (as prom-client writes them). */
export function expose(families: readonly Family[]): string {
  return families.map((f) => f.text()).join("\n\n");
}
