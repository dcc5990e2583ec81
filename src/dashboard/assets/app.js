// trailseal dashboard page. Everything shown comes from the audit trail, which agents influence
// (a command string may contain markup): it is only ever set as textContent, never as HTML.
const LEVELS = ["none", "low", "medium", "high", "critical"];
const COLORS = {
  none: "#94a3b8",
  low: "#16a34a",
  medium: "#d97706",
  high: "#ea580c",
  critical: "#dc2626",
};
const LABELS = { none: "None", low: "Low", medium: "Medium", high: "High", critical: "Critical" };
// What became of each action (docs/action-outcomes.md), in the order the page lists them.
const OUTCOMES = ["ran", "failed", "denied", "asked-then-ran", "asked-then-declined", "recorded", "unknown"];
const OUTCOME_LABELS = {
  ran: "Ran",
  failed: "Failed",
  denied: "Denied",
  "asked-then-ran": "Asked, then ran",
  "asked-then-declined": "Asked, then declined",
  recorded: "Recorded (no hook)",
  unknown: "Unknown (no outcome recorded)",
};
const PERIOD_LABELS = { today: "today", "7d": "last 7 days", "30d": "last 30 days", all: "all time" };
const MAX_ROWS = 50;

const state = {
  period: "today",
  summary: null,
  lastSeq: -1,
  charts: { distribution: null, timeline: null },
  refreshTimer: null,
  loading: null,
};

const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function formatTs(ts) {
  return typeof ts === "string" ? ts.replace("T", " ").slice(0, 19) : "";
}

function formatAge(ms) {
  if (!Number.isFinite(ms)) return "";
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${(s / 3600).toFixed(1)} h ago`;
  return `${(s / 86400).toFixed(1)} days ago`;
}

function pointLabel(start, stepHours, multiDay) {
  const day = start.slice(5, 10);
  const hour = start.slice(11, 16);
  if (stepHours >= 24) return day;
  return multiDay ? `${day} ${hour}` : hour;
}

// ---------------------------------------------------------------- counts

function setCount(node, n) {
  node.dataset.count = String(n);
  node.textContent = n.toLocaleString("en-US");
}

function renderCounts() {
  const s = state.summary;
  for (const level of LEVELS) {
    setCount(document.querySelector(`[data-risk-level="${level}"]`), s.counts[level]);
    setCount(document.querySelector(`[data-today-level="${level}"]`), s.today.counts[level]);
  }
  setCount($("total-count"), s.total);
  setCount($("today-total"), s.today.total);
  $("period-label").textContent = PERIOD_LABELS[s.period] ?? s.period;
}

// ---------------------------------------------------------------- charts

function chartsAvailable() {
  return typeof window.Chart === "function";
}

function renderDistribution() {
  const s = state.summary;
  const data = LEVELS.map((level) => s.counts[level]);
  const canvas = $("distribution-chart");
  canvas.setAttribute(
    "aria-label",
    `Risk distribution, ${PERIOD_LABELS[s.period]}: ${LEVELS.map((l) => `${LABELS[l]} ${s.counts[l]}`).join(", ")}`,
  );
  if (!chartsAvailable()) return;
  if (!state.charts.distribution) {
    state.charts.distribution = new window.Chart(canvas, {
      type: "doughnut",
      data: {
        labels: LEVELS.map((level) => LABELS[level]),
        datasets: [{ data, backgroundColor: LEVELS.map((level) => COLORS[level]), borderWidth: 2 }],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        cutout: "58%",
        plugins: { legend: { position: "right", labels: { boxWidth: 14, font: { size: 13 } } } },
      },
    });
  } else {
    state.charts.distribution.data.datasets[0].data = data;
    state.charts.distribution.update("none");
  }
}

function renderTimeline() {
  const s = state.summary;
  const points = s.timeline.points;
  const step = s.timeline.step_hours;
  const multiDay = points.length > 0 && points[0].start.slice(0, 10) !== points.at(-1).start.slice(0, 10);
  const labels = points.map((p) => pointLabel(p.start, step, multiDay));
  $("timeline-step").textContent =
    step >= 24
      ? `per ${step === 24 ? "day" : `${step / 24} days`}`
      : `per ${step === 1 ? "hour" : `${step} hours`}`;
  if (!chartsAvailable()) return;
  const datasets = LEVELS.map((level) => ({
    label: LABELS[level],
    data: points.map((p) => p.counts[level]),
    backgroundColor: COLORS[level],
    stack: "risk",
  }));
  if (!state.charts.timeline) {
    state.charts.timeline = new window.Chart($("timeline-chart"), {
      type: "bar",
      data: { labels, datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        interaction: { mode: "index", intersect: false },
        scales: {
          x: { stacked: true, grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { position: "bottom", labels: { boxWidth: 14 } } },
      },
    });
  } else {
    const chart = state.charts.timeline;
    chart.data.labels = labels;
    chart.data.datasets.forEach((dataset, i) => {
      dataset.data = datasets[i].data;
    });
    chart.update("none");
  }
}

// ---------------------------------------------------------------- flags and events

/** A table row of a name (text only), its count and a bar scaled to the largest count. */
function barRow(name, n, max) {
  const row = el("tr");
  row.append(el("th", name, "flag-name"));
  row.firstChild.setAttribute("scope", "row");
  row.append(el("td", n.toLocaleString("en-US"), "num"));
  const cell = el("td", null, "bar-cell");
  const bar = el("span", null, "bar");
  bar.style.width = `${Math.round((n / max) * 100)}%`;
  cell.append(bar);
  row.append(cell);
  return row;
}

function renderFlags() {
  const body = $("flags-body");
  const entries = Object.entries(state.summary.flags).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const rows = entries.map(([flag, n]) => {
    const row = barRow(flag.replaceAll("_", " "), n, max);
    if (n === 0) row.className = "zero";
    return row;
  });
  body.replaceChildren(...rows);
}

/** Events per agent (the API sends the ten busiest); agent names come from the trail: text only. */
function renderAgents() {
  const agents = state.summary.agents ?? [];
  const max = Math.max(1, ...agents.map((a) => a.count));
  const rows = agents.map(({ agent, count }) => {
    const row = barRow(agent, count, max);
    row.dataset.agent = agent;
    row.dataset.count = String(count);
    return row;
  });
  $("agents-body").replaceChildren(...rows);
  $("agents-empty").hidden = rows.length > 0;
}

/** Actions by outcome: every outcome listed, zero rows dimmed. */
function renderOutcomes() {
  const outcomes = state.summary.outcomes ?? {};
  const max = Math.max(1, ...OUTCOMES.map((o) => outcomes[o] ?? 0));
  const rows = OUTCOMES.map((outcome) => {
    const n = outcomes[outcome] ?? 0;
    const row = barRow(OUTCOME_LABELS[outcome], n, max);
    row.className = `outcome-row outcome-${outcome}${n === 0 ? " zero" : ""}`;
    row.dataset.outcome = outcome;
    row.dataset.count = String(n);
    return row;
  });
  $("outcomes-body").replaceChildren(...rows);
}

function countAgent(s, agent) {
  s.agents ??= [];
  const entry = s.agents.find((a) => a.agent === agent);
  if (entry) entry.count += 1;
  else s.agents.push({ agent, count: 1 });
  s.agents.sort((a, b) => b.count - a.count || a.agent.localeCompare(b.agent));
  s.agents.length = Math.min(s.agents.length, 10);
}

function eventRow(event, fresh) {
  const row = el("tr", null, `risk-${event.level}${fresh ? " fresh" : ""}`);
  row.dataset.seq = String(event.seq);
  row.append(el("td", formatTs(event.ts), "time"));
  const level = el("td");
  level.append(el("span", LABELS[event.level] ?? event.level, `badge badge-${event.level}`));
  row.append(level);
  const action = el("td", null, "action");
  action.append(el("code", event.action));
  if (event.reasons.length > 0) action.append(el("div", event.reasons.join("; "), "reasons"));
  row.append(action);
  const flags = el("td", null, "flag-list");
  for (const flag of event.flags) flags.append(el("span", flag, "flag"));
  if (event.flags.length === 0) flags.append(el("span", "—", "muted"));
  row.append(flags);
  row.append(el("td", event.decision, `decision decision-${event.decision}`));
  // A streamed call has no outcome yet: the next summary brings it.
  const outcome = OUTCOMES.includes(event.outcome) ? event.outcome : "unknown";
  const done = el("td", event.outcome ? OUTCOME_LABELS[outcome] : "…", `outcome outcome-${outcome}`);
  done.dataset.outcome = event.outcome ? outcome : "pending";
  row.append(done);
  const who = el("td", null, "who");
  who.append(el("div", event.agent));
  if (event.session) {
    // Agents' session ids run to 70 characters: show the ends, keep the whole id in the title.
    const shown =
      event.session.length > 20 ? `${event.session.slice(0, 10)}…${event.session.slice(-6)}` : event.session;
    const session = el("div", shown, "muted session");
    session.title = event.session;
    who.append(session);
  }
  row.append(who);
  return row;
}

function renderHighRisk() {
  const rows = state.summary.high_risk.map((event) => eventRow(event, false));
  $("high-body").replaceChildren(...rows);
  $("high-empty").hidden = rows.length > 0;
}

// ---------------------------------------------------------------- trust

function setStatus(node, text, tone) {
  node.replaceChildren(el("span", text, `status status-${tone}`));
}

function renderTrust() {
  const t = state.summary.trust;
  const seal = t.last_seal;
  if (!seal) {
    setStatus($("trust-seal"), "no seal yet", "warn");
    setStatus($("trust-quorum"), `quorum ${t.quorum}`, "muted");
  } else {
    const age = formatAge(Date.now() - Date.parse(seal.timestamp));
    setStatus(
      $("trust-seal"),
      `${seal.id}, ${age}${seal.overdue ? " (overdue)" : ""}`,
      seal.overdue ? "warn" : "ok",
    );
    $("trust-seal").append(
      el(
        "div",
        `${formatTs(seal.timestamp)} UTC · covers ${seal.event_count.toLocaleString("en-US")} events`,
        "detail",
      ),
    );
    const met = seal.quorum_met;
    if (!t.witness_enabled && seal.witnesses.length === 0) {
      setStatus($("trust-quorum"), `witnessing is off (quorum ${seal.quorum})`, "warn");
    } else
      setStatus(
        $("trust-quorum"),
        `${met ? "met" : "not met"}: ${seal.witnesses.length} of ${seal.quorum} witness${seal.quorum === 1 ? "" : "es"}`,
        met ? "ok" : "bad",
      );
    if (seal.witnesses.length > 0) $("trust-quorum").append(el("div", seal.witnesses.join(", "), "detail"));
  }
  const i = t.integrity;
  const verified = `${i.verified_events.toLocaleString("en-US")} events verified`;
  const states = { verifying: ["verifying…", "muted"], ok: ["intact", "ok"], broken: ["BROKEN", "bad"] };
  const [label, tone] = states[i.state] ?? ["unknown", "muted"];
  setStatus($("trust-integrity"), label, tone);
  const rechecked = i.full_check ? ` · re-verified from the start ${formatTs(i.full_check.at)}` : "";
  $("trust-integrity").append(el("div", `${verified}${rechecked}`, "detail"));
  setStatus(
    $("trust-seals"),
    `${i.seals_ok} of ${i.seals_checked} match the chain`,
    i.seals_ok === i.seals_checked ? "ok" : "bad",
  );
  $("trust-seals").append(
    el(
      "div",
      i.signatures_checked ? "signatures checked with the local key" : "signatures not checked (no key)",
      "detail",
    ),
  );
  renderUnwitnessed(state.summary.unwitnessed);
  const problems = [...renderCompleteness(t.completeness)];
  if (i.broken) problems.push(`chain broken at seq ${i.broken.seq}: ${i.broken.message}`);
  if (i.full_check && !i.full_check.ok) problems.push(i.full_check.message);
  for (const failure of i.seal_failures) problems.push(`${failure.id}: ${failure.message ?? failure.code}`);
  for (const error of t.errors) problems.push(error);
  $("trust-problems").replaceChildren(...problems.map((text) => el("li", text)));
}

/** For the period: events not yet witnessed now, the largest unwitnessed window, who was asked. */
function renderUnwitnessed(u) {
  const node = $("trust-unwitnessed");
  if (!u) {
    setStatus(node, "—", "muted");
    return;
  }
  setStatus(node, `${u.events_now.toLocaleString("en-US")} event(s)`, u.events_now === 0 ? "ok" : "warn");
  const window = u.largest_window
    ? `${formatAge(u.largest_window_ms).replace(" ago", "")}${u.largest_window.open ? " (still open)" : ""}`
    : "none";
  const asked = u.witnesses_asked.length > 0 ? u.witnesses_asked.join(", ") : "none";
  node.append(
    el("div", `largest unwitnessed window in the period: ${window} · witnesses asked: ${asked}`, "detail"),
  );
}

/** The witnesses' newest seals against the chain; returns the cut lines (also shown in the alert). */
function renderCompleteness(c) {
  const node = $("trust-completeness");
  const alert = $("cut-alert");
  const cuts = (c?.check?.witnesses ?? [])
    .filter((w) => w.status === "cut" || w.status === "rewritten")
    .map((w) =>
      w.status === "cut"
        ? `witness ${w.name} holds ${w.anchor_id} over ${w.chained_events} events: ${w.missing} witnessed event(s) are missing`
        : `witness ${w.name} holds ${w.anchor_id} over ${w.chained_events} events: the trail there is not what was witnessed`,
    );
  if (!c?.checked_for_cuts) {
    setStatus(node, "not checked for cuts", "warn");
    node.append(el("div", c?.reason ?? "no witness answered", "detail"));
  } else if (c.cut) {
    setStatus(node, "CUT", "bad");
  } else {
    setStatus(node, "no cut", "ok");
  }
  if (c?.check) {
    const asked = c.check.witnesses.map((w) => `${w.name}: ${w.status}`).join(", ");
    node.append(el("div", `asked ${formatTs(c.asked_at)} UTC · ${asked}`, "detail"));
  }
  alert.hidden = cuts.length === 0;
  alert.textContent =
    cuts.length === 0
      ? ""
      : `The record was cut or rewritten: ${cuts.join("; ")}. The figures below are not the whole record.`;
  return cuts;
}

// A broken record is said first, at the top of the page, and every headline figure is marked.
function renderAlert() {
  const s = state.summary;
  const alert = $("record-alert");
  if (s.alert) {
    if (alert.textContent !== s.alert) alert.textContent = s.alert;
    alert.hidden = false;
  } else {
    alert.hidden = true;
    alert.textContent = "";
  }
  const trusted = s.trusted === true;
  document.body.dataset.trusted = String(trusted);
  $("untrusted-label").hidden = trusted;
  for (const node of document.querySelectorAll(".levels .count, .levels .today span")) {
    node.classList.toggle("untrusted", !trusted);
    if (trusted) node.removeAttribute("title");
    else node.title = "untrusted: the record does not verify";
  }
}

function renderAll() {
  renderAlert();
  renderCounts();
  renderDistribution();
  renderTimeline();
  renderFlags();
  renderAgents();
  renderOutcomes();
  renderHighRisk();
  renderTrust();
  renderFooter();
  document.body.dataset.ready = "true";
}

function renderFooter() {
  const s = state.summary;
  $("footer-text").textContent =
    `Times are UTC · ${s.trail.events.toLocaleString("en-US")} events in the trail · updated ${formatTs(s.generated_at)}`;
}

// ---------------------------------------------------------------- data flow

async function load() {
  const period = state.period;
  const response = await fetch(`/api/summary?period=${encodeURIComponent(period)}`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`summary: HTTP ${response.status}`);
  const summary = await response.json();
  if (period !== state.period) return;
  const current = state.summary;
  // An answer older than what is shown (two loads crossed) is dropped, unless the trail was rebuilt.
  if (
    current &&
    current.period === summary.period &&
    summary.last_seq < current.last_seq &&
    summary.trail.resets === current.trail.resets
  ) {
    return;
  }
  state.summary = summary;
  state.lastSeq = Math.max(state.lastSeq, summary.last_seq);
  renderAll();
}

function reload() {
  state.loading = load().catch((error) => {
    $("live-text").textContent = `error: ${error.message}`;
  });
  return state.loading;
}

/** Charts and trust are refreshed from the server shortly after a burst of events. */
function scheduleReload(ms = 1500) {
  if (state.refreshTimer) return;
  state.refreshTimer = setTimeout(() => {
    state.refreshTimer = null;
    reload();
  }, ms);
}

function inPeriod(ts, from) {
  return state.period === "all" || (from !== null && ts >= from);
}

function onEvent(event) {
  const s = state.summary;
  if (!s || event.seq <= state.lastSeq) return;
  state.lastSeq = event.seq;
  s.last_seq = event.seq;
  if (!LEVELS.includes(event.level)) return;
  // Actions, not events: a call's outcome event was counted with its decision event; the
  // trail's own events (a policy change) are no action.
  if (event.phase === "post" || event.phase === "trail") {
    s.trail.events += 1;
    renderFooter();
    scheduleReload();
    return;
  }
  const todayStart = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
  if (inPeriod(event.ts, s.from)) {
    s.counts[event.level] += 1;
    s.total += 1;
    for (const flag of event.flags) if (flag in s.flags) s.flags[flag] += 1;
    countAgent(s, event.agent);
    if (event.level === "high" || event.level === "critical") {
      s.high_risk.unshift(event);
      s.high_risk.length = Math.min(s.high_risk.length, MAX_ROWS);
      $("high-body").prepend(eventRow(event, true));
      while ($("high-body").rows.length > MAX_ROWS) $("high-body").deleteRow(-1);
      $("high-empty").hidden = true;
    }
    const points = s.timeline.points;
    for (let i = points.length - 1; i >= 0; i -= 1) {
      if (event.ts >= points[i].start) {
        points[i].counts[event.level] += 1;
        break;
      }
    }
  }
  if (event.ts >= todayStart) {
    s.today.counts[event.level] += 1;
    s.today.total += 1;
  }
  s.trail.events += 1;
  renderCounts();
  renderDistribution();
  renderTimeline();
  renderFlags();
  renderAgents();
  renderFooter();
  scheduleReload();
}

function connect() {
  const source = new EventSource("/api/stream");
  source.addEventListener("open", () => {
    $("live-status").dataset.state = "live";
    $("live-text").textContent = "live";
    reload(); // catch up on anything missed while disconnected
  });
  source.addEventListener("error", () => {
    $("live-status").dataset.state = "down";
    $("live-text").textContent = "reconnecting…";
  });
  source.addEventListener("trail-event", (message) => {
    try {
      onEvent(JSON.parse(message.data));
    } catch {
      scheduleReload(0);
    }
  });
  source.addEventListener("resync", () => scheduleReload(0));
  source.addEventListener("trust", () => scheduleReload(200));
}

function selectPeriod(period, push) {
  if (!(period in PERIOD_LABELS)) period = "today";
  state.period = period;
  for (const button of document.querySelectorAll("[data-period]")) {
    button.setAttribute("aria-pressed", String(button.dataset.period === period));
  }
  if (push) history.replaceState(null, "", `#period=${period}`);
  reload();
}

function init() {
  const fromHash = /period=([a-z0-9]+)/.exec(location.hash)?.[1];
  for (const button of document.querySelectorAll("[data-period]")) {
    button.addEventListener("click", () => selectPeriod(button.dataset.period, true));
  }
  selectPeriod(fromHash ?? "today", false);
  connect();
  // Ages ("3 min ago") and the seal status move with the clock.
  setInterval(() => scheduleReload(0), 30_000);
}

init();
