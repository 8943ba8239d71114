(async()=>{const u=new URL(INDEX+"pyodide.asm.wasm",location).href;let c=null;
try{c=await caches.open(CACHE);const h=await c.match(u);if(h)return h}catch(x){c=null}
const r=await fetch(u+".gz");if(!r.ok)return r;
const b=/gzip/.test(r.headers.get("Content-Encoding")||"")?r.body:r.body.pipeThrough(new DecompressionStream("gzip"));
const w=new Response(b,{headers:{"Content-Type":"application/wasm"}});
if(c){try{c.put(u,w.clone()).catch(()=>{})}catch(x){}}return w})()
