(C) => {
  if (window.samuraiBoardTouch) return;
  const style = document.createElement('style');
  style.textContent = C.css;
  document.head.appendChild(style);
  const root = document.documentElement;
  const markTouch = () => root.classList.add(C.touchClass);
  if (navigator.maxTouchPoints > 0 || matchMedia('(any-pointer: coarse)').matches) markTouch();
  const isBoard = (t) => t instanceof HTMLCanvasElement && t.classList.contains(C.canvas);
  const lenses = new Map();  // canvas -> {z, tx, ty, w, h, button, watcher}
  let gesture = null;  // the touch under way on a board
  let lastTouch = -Infinity;
  let forwarding = false;

  // --- a tap is a click -------------------------------------------------------------------
  const forward = (canvas, type, x, y) => {
    forwarding = true;
    try {
      canvas.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true, view: window, clientX: x,
                                                 clientY: y, button: 0, buttons: type === 'mousedown' ? 1 : 0}));
    } finally {
      forwarding = false;
    }
  };
  const click = (canvas, x, y) => {
    for (const type of ['mousemove', 'mousedown', 'mouseup']) forward(canvas, type, x, y);
  };
  const cellOf = (canvas) => {
    const board = canvas.closest('.' + C.board);
    const input = board && board.querySelector(C.spaceInput);
    const cell = input ? parseFloat(input.placeholder) : NaN;
    return cell > 0 ? cell : Infinity;
  };
  const tap = (canvas, x, y) => {
    if (!lenses.has(canvas) && cellOf(canvas) < C.minTarget) openLens(canvas, x, y);
    else click(canvas, x, y);
  };

  // --- the lens ---------------------------------------------------------------------------
  const show = (canvas, L) => {
    L.tx = Math.min(0, Math.max(L.w - L.w * L.z, L.tx));
    L.ty = Math.min(0, Math.max(L.h - L.h * L.z, L.ty));
    const z = L.z, top = -L.ty / z, left = -L.tx / z;
    canvas.style.transformOrigin = '0 0';
    canvas.style.transform = `translate(${L.tx}px, ${L.ty}px) scale(${z})`;
    canvas.style.clipPath = `inset(${top}px ${L.w - left - L.w / z}px ${L.h - top - L.h / z}px ${left}px)`;
  };
  const openLens = (canvas, x, y) => {
    const r = canvas.getBoundingClientRect();
    const z = Math.min(C.maxZoom, Math.max(1.5, C.lensTarget / cellOf(canvas)));
    const L = {z, tx: (x - r.left) * (1 - z), ty: (y - r.top) * (1 - z), w: canvas.clientWidth, h: canvas.clientHeight};
    const board = canvas.closest('.' + C.board) || canvas.parentElement;
    board.classList.add(C.lensBoard);
    canvas.classList.add(C.lens);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = C.button;
    const label = board.querySelector('.' + C.help + ' [data-whole]');  // in the board's language
    button.textContent = label ? label.dataset.whole : C.whole;
    button.addEventListener('click', () => closeLens(canvas));
    // right under the board, outside it: never over a piece or a square (the board itself does not move)
    const holder = Array.from(board.children).find((child) => child.contains(canvas));
    if (holder && holder !== canvas) holder.after(button);
    else canvas.after(button);
    L.button = button;
    L.watcher = new ResizeObserver(() => {
      if (canvas.clientWidth !== L.w || canvas.clientHeight !== L.h || !canvas.isConnected) closeLens(canvas);
    });
    L.watcher.observe(canvas);
    lenses.set(canvas, L);
    show(canvas, L);
  };
  const closeLens = (canvas) => {
    const L = lenses.get(canvas);
    if (!L) return;
    lenses.delete(canvas);
    L.watcher.disconnect();
    L.button.remove();
    canvas.classList.remove(C.lens);
    canvas.style.transform = canvas.style.clipPath = canvas.style.transformOrigin = '';
    const board = canvas.closest('.' + C.lensBoard);
    if (board) board.classList.remove(C.lensBoard);
  };

  // --- gestures: taken before ipycanvas sees them -------------------------------------------
  const opts = {capture: true, passive: false};
  const touchOf = (e) => gesture && Array.from(e.changedTouches).find((t) => t.identifier === gesture.id);
  window.addEventListener('touchstart', (e) => {
    const canvas = e.target;
    if (!isBoard(canvas)) return;
    e.stopPropagation();  // ipycanvas would cancel scrolling and send every touch to the kernel
    markTouch();
    lastTouch = performance.now();
    if (e.touches.length > 1) {  // a second finger: a pinch, not a tap
      if (gesture) { gesture.still = false; clearTimeout(gesture.timer); }
      return;
    }
    if (gesture) clearTimeout(gesture.timer);  // one whose end never came
    const t = e.changedTouches[0];
    const g = {canvas, id: t.identifier, x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, still: true,
               held: false};
    g.timer = setTimeout(() => {
      if (gesture === g && g.still) { g.held = true; forward(canvas, 'mousemove', g.x0, g.y0); }
    }, C.holdMs);
    gesture = g;
  }, opts);
  window.addEventListener('touchmove', (e) => {
    if (!isBoard(e.target)) return;
    e.stopPropagation();
    const t = touchOf(e);
    if (!t) return;
    const g = gesture, L = lenses.get(g.canvas);
    if (L && e.touches.length === 1) {  // a drag moves the lens
      if (e.cancelable) e.preventDefault();
      L.tx += t.clientX - g.x;
      L.ty += t.clientY - g.y;
      show(g.canvas, L);
    }
    g.x = t.clientX;
    g.y = t.clientY;
    if (Math.hypot(g.x - g.x0, g.y - g.y0) > C.slop) { g.still = false; clearTimeout(g.timer); }
  }, opts);
  const end = (e) => {
    if (!isBoard(e.target)) return;
    e.stopPropagation();
    lastTouch = performance.now();
    const t = touchOf(e);
    if (!t) return;
    const g = gesture;
    gesture = null;
    clearTimeout(g.timer);
    if (e.type !== 'touchend') return;
    if (e.cancelable) e.preventDefault();  // no compatibility mouse events, no click, no double-tap zoom
    if (g.still && !g.held && e.touches.length === 0) tap(g.canvas, g.x0, g.y0);
  };
  window.addEventListener('touchend', end, opts);
  window.addEventListener('touchcancel', end, opts);
  // mouse events the browser derives from a touch on a board: the tap was handled already
  for (const type of ['mousedown', 'mouseup', 'mousemove', 'click', 'dblclick', 'contextmenu']) {
    window.addEventListener(type, (e) => {
      if (forwarding || !isBoard(e.target)) return;
      const caps = e.sourceCapabilities;
      if ((caps && caps.firesTouchEvents) || gesture || performance.now() - lastTouch < C.compatMs) {
        e.stopPropagation();
        if (e.cancelable) e.preventDefault();
      }
    }, true);
  }
  // the wheel (a touchpad's two-finger drag) scrolls the page too: no board listens to it
  window.addEventListener('wheel', (e) => { if (isBoard(e.target)) e.stopPropagation(); }, {capture: true, passive: true});
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isBoard(e.target)) closeLens(e.target);
  }, true);
  window.samuraiBoardTouch = {closeLens, lens: (canvas) => {
    const L = lenses.get(canvas);
    return L ? {z: L.z, tx: L.tx, ty: L.ty, w: L.w, h: L.h} : null;
  }};
}
