// Usage this month by source, a daily chart of the last 30 days (an SVG bar chart with a table behind it for
// screen readers), and the plan.
import { useQuery } from "@tanstack/react-query";
import { usage } from "../../api/endpoints";
import type { DailyUsage } from "../../api/types";
import { useSignedIn } from "../../auth/session";
import { formatCount } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Loading } from "../../ui/states";

const SOURCES = [
  { key: "api", label: "API", colour: "#2563eb" },
  { key: "preview", label: "Preview", colour: "#f59e0b" },
  { key: "ai", label: "AI", colour: "#10b981" },
] as const;

function DailyChart({ daily }: { readonly daily: DailyUsage }) {
  const width = 760;
  const height = 180;
  const max = Math.max(1, ...daily.days.map((d) => d.renders.total));
  const bar = width / Math.max(1, daily.days.length);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={`Renders per day, last ${daily.days.length} days; the most in one day: ${max}`}>
        {daily.days.map((d, i) => {
          let y = height;
          return (
            <g key={d.date}>
              <title>{`${d.date}: ${d.renders.total} renders (${d.renders.api} API, ${d.renders.preview} preview, ${d.renders.ai} AI)`}</title>
              {SOURCES.map((s) => {
                const h = (d.renders[s.key] / max) * height;
                y -= h;
                return <rect key={s.key} x={i * bar + 1} y={y} width={bar - 2} height={h} fill={s.colour} />;
              })}
              {i % 5 === 0 && <text x={i * bar} y={height + 15} fontSize="10" fill="#555">{d.date.slice(5)}</text>}
            </g>
          );
        })}
      </svg>
      <figcaption className="legend">
        {SOURCES.map((s) => <span key={s.key}><i style={{ background: s.colour }} aria-hidden="true" /> {s.label}</span>)}
      </figcaption>
    </figure>
  );
}

/** The usage page. */
export function UsagePage() {
  const session = useSignedIn();
  const month = useQuery({ queryKey: ["usage"], queryFn: usage.month });
  const daily = useQuery({ queryKey: ["usage-daily"], queryFn: usage.daily });
  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      {month.isPending ? <Loading what="Loading usage" /> : <Problem error={month.error} />}
      {month.data && (
        <div className="cards">
          <div className="card"><h2>Plan</h2><p className="big">{month.data.plan}</p><p className="hint">Workspace {session.workspace.name}</p></div>
          <div className="card"><h2>Renders this month</h2><p className="big">{formatCount(month.data.renders.total)}</p>
            <p className="hint">{SOURCES.map((s) => `${s.label} ${formatCount(month.data.renders[s.key])}`).join(" · ")}</p></div>
          <div className="card"><h2>Pages</h2><p className="big">{formatCount(month.data.pages)}</p></div>
          <div className="card"><h2>AI generations</h2><p className="big">{month.data.aiGenerations.used}{month.data.aiGenerations.limit !== null ? ` / ${month.data.aiGenerations.limit}` : ""}</p></div>
        </div>
      )}
      <div className="panel">
        <h2>Last 30 days</h2>
        {daily.isPending ? <Loading what="Loading daily usage" /> : <Problem error={daily.error} />}
        {daily.data && <DailyChart daily={daily.data} />}
      </div>
    </section>
  );
}
