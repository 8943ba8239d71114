(spec) => {
  const snap = () => spec.map(([sel, i, what]) => {
    const e = document.querySelectorAll(sel)[i];
    return e ? (what === 'class' ? e.className : e.innerText) : null;
  });
  const before = snap();
  window.__t0 = null; window.__t1 = null;
  if (window.__obs) window.__obs.disconnect();
  window.addEventListener('mousedown', () => { window.__t0 = performance.now(); }, {capture: true, once: true});
  const check = () => {
    if (window.__t1 !== null) return;
    const now = snap();
    if (now.every((v, k) => v !== null && v !== before[k])) {
      window.__t1 = performance.now();
      window.__obs.disconnect();
    }
  };
  window.__obs = new MutationObserver(check);
  window.__obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}
