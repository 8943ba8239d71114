([panels, message], canvasHash) => {
  const text = panels.map(s => { const e = document.querySelector(s); return e ? e.innerText : ''; }).join('|');
  const msg = document.querySelector(message);
  return [msg ? msg.innerText : null, text, canvasHash()];
}
