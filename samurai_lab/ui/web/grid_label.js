(C) => {
  const label = C.label, cls = C.cls, role = C.role;
  const fix = () => document.querySelectorAll('canvas.' + cls).forEach((c) => {
    if (c.getAttribute('aria-label') !== label) {
      c.setAttribute('role', 'application');
      c.setAttribute('aria-roledescription', role);
      c.setAttribute('aria-label', label);
    }
  });
  fix();
  if (window.samuraiGridLabel) return;
  window.samuraiGridLabel = true;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fix(); });
  }).observe(document.body, {childList: true, subtree: true});
}
