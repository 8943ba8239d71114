"""What a layout test reads back from a page: overflow past the screen, boxes that scroll or clip
sideways, labels cut short, controls too small for a finger.

Each check is one JavaScript function evaluated in the page; each returns a list of short
descriptions of the offending elements (empty when the page is right), ready for an assertion
message. A wide table may scroll inside its own box only inside an element of CSS class
``samurai-scroll-x`` (the apps give such boxes a visible cue).
"""

from __future__ import annotations

from playwright.sync_api import Page

#: Shared JavaScript: is an element shown, and a short name for messages.
_COMMON_JS = r"""
const shown = (e) => {
  const r = e.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) return false;
  if (e.checkVisibility && !e.checkVisibility({visibilityProperty: true})) return false;
  return true;
};
const describe = (e) => {
  const cls = (typeof e.className === 'string' ? e.className : '').trim().split(/\s+/)
    .filter((c) => /^(samurai|katana|ikz|widget|lm-|jupyter-)/.test(c)).slice(0, 3);
  const text = (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ');
  const r = e.getBoundingClientRect();
  return `${e.tagName.toLowerCase()}${cls.length ? '.' + cls.join('.') : ''} "${text.slice(0, 40)}"`
    + ` [x ${Math.round(r.left)}..${Math.round(r.right)}, w ${Math.round(r.width)}]`;
};
const scrollsWithCue = (e) => !!e.closest('.samurai-scroll-x');
"""

#: Elements whose box reaches past the left or right edge of the screen.
OFF_SCREEN_JS = "() => {" + _COMMON_JS + r"""
  const W = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || scrollsWithCue(e)) continue;
    const s = getComputedStyle(e);
    if (s.position === 'absolute' && s.clip !== 'auto') continue;  // text for screen readers only
    const r = e.getBoundingClientRect();
    if (r.right > W + 1 || r.left < -1) out.push(describe(e));
  }
  return out;
}"""

#: Boxes whose content is wider than the box: cut (overflow hidden) or reachable only by scrolling sideways.
CLIPPED_JS = "() => {" + _COMMON_JS + r"""
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    if (['INPUT', 'TEXTAREA', 'SELECT', 'CANVAS', 'svg'].includes(e.tagName)) continue;
    if (!shown(e) || scrollsWithCue(e)) continue;
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible') continue;
    if (e.scrollWidth <= e.clientWidth + 1) continue;
    const right = e.getBoundingClientRect().right;
    const beyond = Array.from(e.querySelectorAll('*')).filter((c) => shown(c) && c.getBoundingClientRect().right > right + 1);
    out.push(describe(e) + ` content ${e.scrollWidth} > box ${e.clientWidth}`
      + (beyond.length ? `; past its edge: ${describe(beyond[beyond.length - 1])}` : ''));
  }
  return out;
}"""

#: Controls whose label does not fit: buttons, toggle buttons, tabs, dropdowns and list boxes (every option).
TRUNCATED_JS = "() => {" + _COMMON_JS + r"""
  const out = [];
  const controls = 'button, .widget-button, .widget-toggle-button, .lm-TabBar-tabLabel, .p-TabBar-tabLabel,'
    + ' .jupyter-widget-Collapse-header, .widget-label, label';
  for (const e of document.querySelectorAll(controls)) {
    if (!shown(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1) out.push(describe(e) + ` needs ${e.scrollWidth} px, has ${e.clientWidth}`);
  }
  const ctx = document.createElement('canvas').getContext('2d');
  for (const sel of document.querySelectorAll('select')) {
    if (!shown(sel)) continue;
    const s = getComputedStyle(sel);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = sel.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
      - (sel.size > 1 || sel.multiple ? 0 : (s.appearance === 'none' ? 0 : 20));
    for (const o of sel.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room + 1) out.push(describe(sel) + ` option "${o.text}" needs ${Math.ceil(w)} px, has ${Math.floor(room)}`);
    }
  }
  return out;
}"""

#: Tap targets lower than ``min_height`` css px: buttons, toggle buttons, dropdowns, tabs.
SHORT_TARGETS_JS = "(minHeight) => {" + _COMMON_JS + r"""
  const out = [];
  const targets = 'button, .widget-toggle-button, select, .lm-TabBar-tab';
  for (const e of document.querySelectorAll(targets)) {
    if (!shown(e)) continue;
    const h = e.getBoundingClientRect().height;
    if (h < minHeight - 0.5) out.push(describe(e) + ` ${h.toFixed(1)} px tall`);
  }
  return out;
}"""


def page_overflow(page: Page) -> int:
    """How many css px the document is wider than the screen (0 when it fits)."""
    return int(page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
                             " - document.documentElement.clientWidth"))


def off_screen(page: Page) -> list[str]:
    """Shown elements reaching past the screen's left or right edge."""
    return list(page.evaluate(OFF_SCREEN_JS))


def clipped(page: Page) -> list[str]:
    """Shown boxes whose content is cut or scrolls sideways (outside ``samurai-scroll-x`` boxes)."""
    return list(page.evaluate(CLIPPED_JS))


def truncated_labels(page: Page) -> list[str]:
    """Shown controls whose label does not fit them."""
    return list(page.evaluate(TRUNCATED_JS))


def short_targets(page: Page, min_height: float = 40.0) -> list[str]:
    """Shown tap targets lower than ``min_height`` css px."""
    return list(page.evaluate(SHORT_TARGETS_JS, min_height))



#: The page's scrolling box (voila's lab shell scrolls an inner panel, not the document): its scroll height and
#: the height it shows.
_SCROLLER_JS = r"""() => {
  const all = [document.scrollingElement, ...document.querySelectorAll('body *')];
  const boxes = all.filter((e) => e && e.scrollHeight > e.clientHeight + 1 && e.clientHeight > innerHeight * 0.5
    && (e === document.scrollingElement || ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)));
  boxes.sort((a, b) => b.clientHeight - a.clientHeight);
  window.samuraiScroller = boxes[0] || document.scrollingElement;
  const r = window.samuraiScroller === document.scrollingElement ? {top: 0} : window.samuraiScroller.getBoundingClientRect();
  return [window.samuraiScroller.scrollHeight, window.samuraiScroller.clientHeight, Math.max(0, r.top)];
}"""


def whole_page_screenshot(page: Page, path: str, max_screens: int = 8) -> None:
    """A picture of the whole app (up to ``max_screens`` screens), its scrolling box scrolled screen by screen
    and the screenshots stacked."""
    from io import BytesIO

    from PIL import Image

    total, shown, top = page.evaluate(_SCROLLER_JS)
    shots: list[tuple[int, Image.Image]] = []
    offset = 0
    while True:
        page.evaluate("(y) => { window.samuraiScroller.scrollTop = y; }", offset)
        page.wait_for_timeout(150)
        at = int(page.evaluate("() => window.samuraiScroller.scrollTop"))
        shots.append((at, Image.open(BytesIO(page.screenshot()))))
        if at + shown >= total or len(shots) >= max_screens:
            break
        offset = at + shown
    page.evaluate("() => { window.samuraiScroller.scrollTop = 0; }")
    scale = shots[0][1].width / page.viewport_size["width"]
    height = int((shots[-1][0] + shots[-1][1].height / scale) * scale)
    picture = Image.new("RGB", (shots[0][1].width, height), "white")
    for at, shot in shots:
        picture.paste(shot, (0, int(at * scale)))
    picture.save(path)
