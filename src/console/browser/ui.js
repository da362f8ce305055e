// Shared pieces of every page: htm bound to Preact, the permission check, messages and fields.
import { h } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);

const settings = JSON.parse(document.getElementById("console").dataset.settings);

/**
 * Whether the signed-in person's role grants `permission`, by the same table the API enforces
 * (sent in the page). Used only to hide buttons: the API decides, and a 403 is shown as a message.
 */
export function can(me, permission) {
  if (!me) return false;
  if (me.superadmin) return true;
  if (!me.role) return false;
  if (!settings.authzEnforce) return true;
  return (settings.grants[me.role] ?? []).includes(permission);
}

/** A status line read out by screen readers: errors assertively, the rest politely. */
export function Message({ error, info }) {
  if (error) return html`<p class="message error" role="alert">${describe(error)}</p>`;
  if (info) return html`<p class="message info" role="status">${info}</p>`;
  return null;
}

/** An API failure as a person can act on it: its message, the fields it names, and 403 said plainly. */
export function describe(err) {
  if (!err) return "";
  const what = err.status === 403 ? `Not allowed: ${err.message}` : err.message || String(err);
  const fields = Array.isArray(err.details) ? err.details.map((d) => `${d.path}: ${d.message}`).join("; ") : "";
  return fields ? `${what} (${fields})` : what;
}

let nextId = 0;
/** A labelled input; `hint` is tied to it with aria-describedby. */
export function Field({ label, hint, ...input }) {
  const [id] = useState(() => `f${++nextId}`);
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <input id=${id} aria-describedby=${hint ? `${id}-hint` : undefined} ...${input} />
    ${hint && html`<small id=${`${id}-hint`}>${hint}</small>`}
  </div>`;
}

export function Check({ label, ...input }) {
  return html`<label class="check"><input type="checkbox" ...${input} /> ${label}</label>`;
}

/**
 * Runs `load` now and whenever `deps` change; answers `{ data, error, loading, reload }`.
 * With `everyMs` it refreshes on a timer while the page is open.
 */
export function useLoad(load, deps, everyMs) {
  const [state, setState] = useState({ data: null, error: null, loading: true });
  const reload = useCallback(() => {
    return load().then(
      (data) => setState({ data, error: null, loading: false }),
      (error) => setState((s) => ({ data: s.data, error, loading: false })),
    );
  }, deps);
  useEffect(() => {
    reload();
    if (!everyMs) return undefined;
    const timer = setInterval(reload, everyMs);
    return () => clearInterval(timer);
  }, [reload]);
  return { ...state, reload };
}

/** Sets `error`/`busy` around an async action, so every form reports failures the same way. */
export function useAction() {
  const [state, setState] = useState({ busy: false, error: null, info: "" });
  const run = useCallback(async (action, info = "") => {
    setState({ busy: true, error: null, info: "" });
    try {
      const result = await action();
      setState({ busy: false, error: null, info });
      return result;
    } catch (error) {
      setState({ busy: false, error, info: "" });
      return undefined;
    }
  }, []);
  return { ...state, run };
}

export const when = (iso) => (iso ? new Date(iso).toLocaleString() : "—");

/** A filter form's values until it is submitted: `bind(key)` gives an input its name, value and onInput. */
export function useDraft(initial) {
  const [draft, setDraft] = useState(initial);
  const bind = (key) => ({ name: key, value: draft[key], onInput: (e) => setDraft({ ...draft, [key]: e.currentTarget.value }) });
  return { draft, setDraft, bind };
}
