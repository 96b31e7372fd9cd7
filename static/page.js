// Starts the page's Go program (page.wasm). Every path is relative, so the
// folder works from any static host or a sub-path of a course site.

// The page's Content-Security-Policy refuses eval, and Vugu's renderer
// (domrender.New, in page.wasm) installs its JavaScript helpers by calling
// window.eval on a script. The build writes that very script, taken from
// Vugu's source, as vugu-render.js, which index.html loads before this
// file. The script begins by returning when its helpers are installed, so
// Vugu's call would do nothing: it is answered here without running
// anything. Every other call goes to the browser's eval, which the policy
// refuses. (tools/site checks that Vugu's script begins with this preamble.)
(function () {
  const browserEval = window.eval;
  const vuguPreamble = "(function(){if(window.vuguRender)return;";
  window.eval = function (source) {
    if (typeof source === "string" && source.startsWith(vuguPreamble) && typeof window.vuguRender === "function") {
      return undefined;
    }
    return browserEval(source);
  };
})();

(async function () {
  const mount = document.getElementById("crawlsim");
  try {
    if (typeof WebAssembly !== "object") throw new Error("this browser has no WebAssembly");
    const go = new Go();
    const resp = await fetch("page.wasm");
    if (!resp.ok) throw new Error("page.wasm: HTTP " + resp.status);
    const { instance } = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
    await go.run(instance);
    mount.insertAdjacentHTML("afterbegin", '<p class="message error">The page stopped; reload it to start again.</p>');
  } catch (err) {
    mount.innerHTML = '<p class="message error">crawlsim could not start: ' +
      String(err).replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]) + "</p>";
  }
})();
