const text = Buffer.alloc(1200000, 97); const out = Buffer.allocUnsafe(1300000);
const seg = 300;
for (let r = 0; r < 3; r++) {
let t = process.hrtime.bigint();
for (let k = 0; k < 100; k++) { let d = 0; for (let s = 0; s < 1200000; s += seg) { d += text.copy(out, d, s, s + seg); } }
const a = Number(process.hrtime.bigint() - t) / 100 / 1e6;
t = process.hrtime.bigint();
for (let k = 0; k < 100; k++) { let d = 0; for (let s = 0; s < 1200000; s += seg) { out.set(text.subarray(s, s + seg), d); d += seg; } }
const b = Number(process.hrtime.bigint() - t) / 100 / 1e6;
t = process.hrtime.bigint();
for (let k = 0; k < 100; k++) { text.copy(out, 0, 0, 1200000); }
const c = Number(process.hrtime.bigint() - t) / 100 / 1e6;
console.log('copy', a.toFixed(3), 'set', b.toFixed(3), 'one memcpy', c.toFixed(3));
}
