(C) => {
  if (window.samuraiUploadGuard) return;
  window.samuraiUploadGuard = true;
  let armed = null;  // the marked upload button being clicked: it opens its file input right away
  document.addEventListener('click', (event) => {
    armed = event.target.closest ? event.target.closest('.' + C.guard) : null;
    setTimeout(() => { armed = null; }, 0);
  }, true);
  const click = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    const button = armed;
    if (button && this.type === 'file' && !this.samuraiGuarded) {
      this.samuraiGuarded = true;
      const mark = Array.from(button.classList).find((c) => c.startsWith(C.guard + '-'));
      const [id, limit] = mark.slice((C.guard + '-').length).split('-');
      this.addEventListener('change', (e) => {
        const big = Array.from(this.files || []).find((f) => f.size > Number(limit));
        if (!big) return;
        e.stopImmediatePropagation();  // the widget never reads it
        const report = document.querySelector('.' + C.guard + '-report-' + id + ' input');
        if (report) {
          report.value = JSON.stringify({name: big.name, size: big.size, at: Date.now()});
          report.dispatchEvent(new Event('input', {bubbles: true}));
        }
        this.value = '';
      }, {capture: true});
    }
    return click.call(this);
  };
}
