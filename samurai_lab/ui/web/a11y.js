(C) => {
  const W = C;
  if (window.samuraiA11y) return;
  window.samuraiA11y = true;
  const fix = () => {
    document.querySelectorAll('.noUi-handle:not([aria-label])').forEach((h) => {
      const box = h.closest('.widget-slider, .widget-hslider, .jupyter-widgets');
      const label = box && box.querySelector('.widget-label');
      const text = (label && label.textContent.trim()) || (box && box.getAttribute('title')) || W.position;
      h.setAttribute('aria-label', text);
    });
    const icons = {'fa-play': W.play, 'fa-pause': W.pause, 'fa-stop': W.stop, 'fa-repeat': W.repeat,
                   'fa-retweet': W.repeat};
    document.querySelectorAll('button:not([aria-label])').forEach((b) => {
      if (b.textContent.trim()) return;
      let name = b.title;
      const icon = b.querySelector('i');
      if (!name && icon) {
        const cls = Array.from(icon.classList).find((c) => icons[c]);
        name = cls ? icons[cls] : '';
      }
      if (name) b.setAttribute('aria-label', name);
    });
    document.querySelectorAll('input:not([aria-label]), select:not([aria-label]), textarea:not([aria-label])')
      .forEach((el) => {
        const named = Array.from(el.labels || []).some((l) => l.textContent.trim());
        if (named) return;
        const box = el.closest('.widget-inline-hbox, .jupyter-widgets');
        const holder = el.closest('[title]') || (box && box.querySelector('[title]'));
        const label = el.placeholder || (holder && holder.title);
        if (label) el.setAttribute('aria-label', label);
      });
    document.querySelectorAll('.jp-RenderedSVG img:not([alt]), .jp-RenderedImage img:not([alt])').forEach((img) => {
      img.setAttribute('alt', W.picture);
    });
    // the apps' links in a strip that scrolls sideways: the current app's link in view
    document.querySelectorAll('.samurai-app-nav nav').forEach((nav) => {
      if (nav.dataset.shown || nav.scrollWidth <= nav.clientWidth + 1) return;
      const cur = nav.querySelector('a[aria-current]');
      if (!cur) return;
      nav.dataset.shown = '1';
      const r = cur.getBoundingClientRect(), box = nav.getBoundingClientRect();
      nav.scrollLeft += r.left + r.width / 2 - box.left - nav.clientWidth / 2;
    });
    // a box that scrolls sideways (a wide table or picture on a phone) takes the keyboard's focus, to scroll it
    document.querySelectorAll('.samurai-scroll-x:not([tabindex]), .jp-RenderedSVG:not([tabindex])').forEach((box) => {
      if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    });
  };
  fix();
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fix(); });
  }).observe(document.body, {childList: true, subtree: true});
}
