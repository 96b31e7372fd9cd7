// Loaded in the head, before the page's body: in embed mode (?embed=1 or
// #embed, as ui.NewApp reads the address) the skeleton in index.html takes
// the embedded page's shape as soon as the parser has read it, before the
// first paint: no header, no scenario column, and the chart panel embed
// mode renders first (the template that go generate ./ui/... writes), so
// that it fits the frame while page.wasm downloads and nothing moves when
// page.wasm renders.
(function () {
  const q = new URLSearchParams(location.search).get("embed");
  const f = location.hash.slice(1);
  if (!(q === "1" || q === "true" || f === "embed" || f.startsWith("embed&"))) return;
  const shape = () => {
    const skeleton = document.querySelector(".skeleton");
    // .controls ends the skeleton: once it is read, so is the rest.
    if (!skeleton || !skeleton.querySelector(".controls")) return false;
    skeleton.classList.add("embed");
    for (const e of skeleton.querySelectorAll("header, .controls")) e.remove();
    const template = document.getElementById("skeleton-embed-chart");
    const panel = skeleton.querySelector("#chart-panel");
    if (template && panel) panel.replaceWith(template.content.cloneNode(true));
    // The link to the full page, which page.wasm sets from the address.
    const link = skeleton.querySelector("#full-page");
    if (link) link.href = location.origin + location.pathname;
    return true;
  };
  if (shape()) return;
  const watch = new MutationObserver(() => { if (shape()) watch.disconnect(); });
  watch.observe(document, { childList: true, subtree: true });
})();
