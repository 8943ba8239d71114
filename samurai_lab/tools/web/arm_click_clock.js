(type) => {
  window.__benchT0 = null;
  window.__benchT1 = null;
  window.addEventListener(type, () => { window.__benchT0 = performance.now(); }, {capture: true, once: true});
}
