// The console's entry: which page the address's hash names, the header, and the session gate.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Account } from "./account.js";
import { Actors } from "./actors.js";
import { account, onSessionChange, signOut } from "./api.js";
import { AppDetail, AppList } from "./apps.js";
import { ClusterPage } from "./cluster.js";
import { AcceptInvite, SignUp } from "./join.js";
import { SignIn } from "./signin.js";
import { SystemPage } from "./system.js";
import { html } from "./ui.js";

/**
 * `#/apps`, `#/apps/<name>[/<tab>[/<item>]][?query]` (the tab reads `item` and the query: the
 * Timeline tab's room and day), `#/account`, `#/actors`, `#/cluster`, `#/system`, and before
 * signing in `#/signup` and `#/invite`; anything else is the app list.
 */
function parse(hash) {
  const [path, query = ""] = hash.replace(/^#/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (["account", "actors", "cluster", "system", "signup", "invite"].includes(parts[0])) return { page: parts[0], params };
  if (parts[0] === "apps" && parts[1]) return { page: "app", name: parts[1], tab: parts[2] ?? "settings", item: parts[3], params };
  return { page: "apps", flash: params.get("deleted") ? `App ${params.get("deleted")} was deleted.` : "" };
}

function useRoute() {
  const [route, setRoute] = useState(() => parse(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parse(location.hash));
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return route;
}

function useAccount() {
  const [me, setMe] = useState(account);
  useEffect(() => onSessionChange(() => setMe(account())), []);
  return me;
}

function Header({ me, route }) {
  const link = (href, label, page) => html`<a href=${href} aria-current=${route.page === page || (page === "apps" && route.page === "app") ? "page" : undefined}>${label}</a>`;
  return html`<header class="top">
    <a class="skip" href="#main" onClick=${(e) => (e.preventDefault(), document.getElementById("main")?.focus())}>Skip to content</a>
    <span class="brand">service-core</span>
    <nav aria-label="Console">
      ${link("#/apps", "Apps", "apps")}
      ${link("#/account", "Account", "account")}
      ${me.superadmin && link("#/cluster", "Cluster", "cluster")}
      ${me.superadmin && link("#/system", "System", "system")}
      ${me.superadmin && link("#/actors", "Actors", "actors")}
    </nav>
    <span class="who">${me.email ?? me.username}</span>
    <button type="button" onClick=${() => signOut()}>Sign out</button>
  </header>`;
}

function Page({ route }) {
  if (route.page === "account") return html`<${Account} />`;
  if (route.page === "actors") return html`<${Actors} />`;
  if (route.page === "cluster") return html`<${ClusterPage} />`;
  if (route.page === "system") return html`<${SystemPage} />`;
  if (route.page === "app") return html`<${AppDetail} key=${route.name} name=${route.name} tab=${route.tab} item=${route.item} params=${route.params} />`;
  return html`<${AppList} flash=${route.flash} />`;
}

function Console() {
  const me = useAccount();
  const route = useRoute();
  // A new page moves focus to its heading, so keyboard and screen-reader users start at the top.
  // Not a new item or query within a tab (the Timeline's day): the person is still at their control.
  useEffect(() => {
    document.querySelector("main h1")?.focus();
    document.title = `${route.page === "app" ? route.name : route.page} · Console`;
  }, [route.page, route.name, route.tab, me === null]);
  if (!me && route.page === "signup") return html`<${SignUp} />`;
  if (!me && route.page === "invite") return html`<${AcceptInvite} params=${route.params} />`;
  if (!me) return html`<${SignIn} />`;
  return html`<${Header} me=${me} route=${route} />
    <${Page} route=${route} />`;
}

const root = document.getElementById("console");
root.replaceChildren(); // the "Loading" line the shell shows until this module runs
render(html`<${Console} />`, root);
