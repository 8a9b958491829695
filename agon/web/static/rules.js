// The rules reference page, /rules/{game}?lang=...: a link to a rule id the reference does not
// list ("#rule-8.8.2") lands on the nearest rule it does list ("8.8", then "8", else the rule of
// the same chapter listed last before it, or first after it), marked.

function parts(id) {
  return id.replace(/^rule-/, "").split(/[.-]/);
}

/** The rule listed last before `wanted` in its chapter (its first number), else the first after. */
function sameChapter(wanted) {
  const [chapter] = parts(wanted);
  const listed = [...document.querySelectorAll("a.rule-id[id]")].filter((a) => parts(a.id)[0] === chapter);
  const order = (a, b) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const diff = (Number(x[i]) || 0) - (Number(y[i]) || 0);
      if (diff) return diff;
    }
    return 0;
  };
  const before = listed.filter((a) => order(a.id, wanted) < 0).sort((a, b) => order(a.id, b.id));
  return before.length ? before[before.length - 1] : listed.sort((a, b) => order(a.id, b.id))[0] || null;
}

function ruleElement(hash) {
  const wanted = decodeURIComponent(hash.replace(/^#/, ""));
  let id = wanted;
  while (id.startsWith("rule-")) {
    const found = document.getElementById(id);
    if (found) return found;
    const shorter = id.replace(/\.\d+$/, "");
    if (shorter === id) break;
    id = shorter;
  }
  return wanted.startsWith("rule-") ? sameChapter(wanted) : null;
}

function show() {
  for (const old of document.querySelectorAll(".rule-id.here")) old.classList.remove("here");
  const target = /** @type {HTMLElement} */ (ruleElement(location.hash));
  if (!target) return;
  target.classList.add("here");
  const block = target.closest("li, p, h1, h2, h3, h4, td") || target;
  block.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

show();
window.addEventListener("hashchange", show);
