// The app's Logs tab: the app's lines from the log store, with the API's filters and a live tail
// that asks for new lines every 2 seconds and keeps at most KEEP of them.
import { useEffect, useRef, useState } from "preact/hooks";
import { apiPage } from "./api.js";
import { Check, Field, html, Message, useAction, useDraft } from "./ui.js";

const TAIL_MS = 2000;
const KEEP = 1000;
/** Lines are stored in batches up to 250 ms after they were logged: look back a little, keep only unseen ids. */
const OVERLAP_MS = 5000;
const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];
const EMPTY = { level: "", source: "", q: "", since: "", until: "", limit: "100" };

const instant = (local) => (local ? new Date(local).toISOString() : "");
const time = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toLocaleDateString()} ${d.toLocaleTimeString()}.${String(d.getMilliseconds()).padStart(3, "0")}`;
};

function query(filters, overrides = {}) {
  const q = new URLSearchParams();
  const all = { ...filters, since: instant(filters.since), until: instant(filters.until), ...overrides };
  for (const [key, value] of Object.entries(all)) if (value) q.set(key, value);
  return q.toString();
}

export function LogsTab({ name }) {
  const path = `/apps/${encodeURIComponent(name)}/logs`;
  const [filters, setFilters] = useState(EMPTY);
  const [lines, setLines] = useState([]);
  const [total, setTotal] = useState(null);
  const [tail, setTail] = useState(false);
  const [tailError, setTailError] = useState(null);
  const load = useAction();
  // The newest line shown, read by the tail's timer without restarting it on every answer.
  const newest = useRef({ id: 0, ts: null });

  const search = (next) =>
    load.run(async () => {
      const page = await apiPage(`${path}?${query(next)}`);
      setLines(page.data);
      setTotal(page.total);
      newest.current = page.data[0] ? { id: page.data[0].id, ts: page.data[0].ts } : { id: 0, ts: null };
    });

  useEffect(() => {
    search(filters);
  }, [path, filters]);

  useEffect(() => {
    if (!tail) return undefined;
    let stopped = false;
    let running = false;
    const started = new Date().toISOString();
    const poll = async () => {
      if (running) return;
      running = true;
      try {
        const from = newest.current.ts ?? started;
        const since = new Date(Date.parse(from) - OVERLAP_MS).toISOString();
        // A live tail has no upper bound: `until` would stop it at a time already past.
        const page = await apiPage(`${path}?${query(filters, { since, until: "", limit: String(KEEP), offset: "" })}`);
        if (stopped) return;
        const fresh = page.data.filter((line) => line.id > newest.current.id);
        setTailError(null);
        if (fresh.length === 0) return;
        newest.current = { id: fresh[0].id, ts: fresh[0].ts };
        setLines((shown) => [...fresh, ...shown].slice(0, KEEP));
      } catch (error) {
        if (!stopped) setTailError(error);
      } finally {
        running = false;
      }
    };
    poll();
    const timer = setInterval(poll, TAIL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [tail, path, filters]);

  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">Logs</h2>
    <${Filters} filters=${filters} onApply=${setFilters} />
    <${Check} label="Live tail (new lines every 2 seconds)" name="tail" checked=${tail} onChange=${(e) => setTail(e.currentTarget.checked)} />
    <${Message} error=${load.error ?? tailError} />
    <p role="status">${load.busy && lines.length === 0
      ? "Loading…"
      : tail
        ? `Live: ${lines.length} line${lines.length === 1 ? "" : "s"} shown (at most ${KEEP}), newest first.`
        : `${lines.length} of ${total ?? 0} line${total === 1 ? "" : "s"}, newest first.`}</p>
    <${Lines} lines=${lines} />
  </section>`;
}

function Filters({ filters, onApply }) {
  const { draft, bind } = useDraft(filters);
  const submit = (event) => {
    event.preventDefault();
    onApply({ ...draft });
  };
  return html`<form onSubmit=${submit} class="filters" aria-label="Filter log lines">
    <div class="field">
      <label for="log-level">Lowest level</label>
      <select id="log-level" ...${bind("level")}>
        <option value="">any</option>
        ${LEVELS.map((l) => html`<option value=${l}>${l}</option>`)}
      </select>
    </div>
    <${Field} label="Source" hint="The component, e.g. vods or plugin:yolo" maxlength="100" ...${bind("source")} />
    <${Field} label="Words in the message" maxlength="200" ...${bind("q")} />
    <${Field} label="From" type="datetime-local" step="1" ...${bind("since")} />
    <${Field} label="Until" type="datetime-local" step="1" ...${bind("until")} />
    <${Field} label="Lines" type="number" min="1" max="1000" ...${bind("limit")} />
    <button type="submit">Show lines</button>
  </form>`;
}

function Lines({ lines }) {
  if (lines.length === 0) return html`<p>No lines match.</p>`;
  return html`<div class="table-wrap"><table class="log-lines">
    <caption class="visually-hidden">Log lines, newest first</caption>
    <thead><tr><th scope="col">Time</th><th scope="col">Level</th><th scope="col">Source</th><th scope="col">Message</th><th scope="col">Details</th></tr></thead>
    <tbody>${lines.map((l) => html`<tr key=${l.id} data-line=${l.id} class=${`level-${l.level}`}>
      <td>${time(l.ts)}</td><td>${l.level}</td><td>${l.source ?? "—"}</td><td class="wrap">${l.message}</td>
      <td>${l.meta && Object.keys(l.meta).length > 0
        ? html`<details><summary>fields</summary><pre>${JSON.stringify(l.meta, null, 2)}</pre></details>`
        : "—"}</td>
    </tr>`)}</tbody>
  </table></div>`;
}
