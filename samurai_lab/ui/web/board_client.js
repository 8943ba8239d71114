(C) => {
  if (window.samuraiBoardClient) { window.samuraiBoardClient.scan(); return; }
  const style = document.createElement('style');
  style.textContent = C.css;
  document.head.appendChild(style);
  const keys = new Set(C.keys);
  const watched = new WeakSet();
  const report = (board) => {
    const canvas = board.querySelector('canvas.' + C.canvas);
    const input = board.querySelector('.' + C.space + ' input');
    if (!canvas || !input) return;
    if (!canvas.hasAttribute('aria-label')) {
      canvas.setAttribute('role', 'application');
      canvas.setAttribute('aria-roledescription', C.role);
      canvas.setAttribute('aria-label', C.label);
    }
    const live = board.querySelector('.' + C.live);
    if (live && !live.hasAttribute('aria-live')) {
      live.setAttribute('aria-live', 'polite');
      live.setAttribute('role', 'status');
    }
    const rect = board.getBoundingClientRect();
    if (rect.width < 1) return;  // hidden (a closed tab): measured when it shows
    const cs = getComputedStyle(board);
    const w = board.clientWidth - parseFloat(cs.paddingLeft || 0) - parseFloat(cs.paddingRight || 0);
    let top = rect.top + window.scrollY;  // from the top of the page, however it is scrolled
    for (let p = board.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      top += p.scrollTop || 0;
    }
    const msg = JSON.stringify({w: Math.floor(w), vw: window.innerWidth, vh: window.innerHeight,
                                top: Math.round(top), dpr: window.devicePixelRatio || 1});
    if (input.value === msg) return;
    input.value = msg;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  };
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) report(e.target);
  });
  const scan = () => {
    for (const board of document.querySelectorAll('.' + C.board)) {
      if (!watched.has(board)) {
        watched.add(board);
        observer.observe(board);
      }
      report(board);
    }
  };
  let pending = false;
  const later = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; scan(); });
  };
  // a class or style that changes the layout above a board (projector mode's type) moves its top without
  // resizing it: measured again too, as when fonts arrive
  new MutationObserver(later).observe(document.body, {childList: true, subtree: true, attributes: true,
                                                      attributeFilter: ['class', 'style']});
  if (document.fonts) document.fonts.addEventListener('loadingdone', later);
  window.addEventListener('resize', later);
  const watchRatio = () => {  // browser zoom and moving to another screen change devicePixelRatio
    matchMedia('(resolution: ' + window.devicePixelRatio + 'dppx)')
      .addEventListener('change', () => { later(); watchRatio(); }, {once: true});
  };
  watchRatio();
  const isBoard = (t) => t instanceof HTMLCanvasElement && t.classList.contains(C.canvas);
  document.addEventListener('keydown', (event) => {
    const t = event.target;
    if (event.key === 'Tab') {  // the focus ring shows on what the keyboard reaches, not on clicks
      requestAnimationFrame(() => { if (isBoard(document.activeElement)) document.activeElement.classList.add(C.kbd); });
    }
    if (!isBoard(t)) return;
    t.classList.add(C.kbd);
    if (!keys.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) {
      event.stopPropagation();  // not a board key: ipycanvas must not swallow it (Tab moves on)
    }
  }, true);
  document.addEventListener('mousedown', (event) => {
    if (isBoard(event.target)) event.target.classList.remove(C.kbd);
  }, true);
  window.samuraiBoardClient = {scan, report};
  scan();
}
