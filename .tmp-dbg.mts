import { Engine } from './src/parse/engine.js';
import { ValueBuilder } from './src/parse/sink.js';
import { engineOptions } from './src/parse/settings.js';
const doc = '{"a": "foo, "b": 2}';
for (const size of [1,2,3,4,5,100]) {
  const b = new ValueBuilder(); const e = new Engine(b, engineOptions({}, false));
  for (let i = 0; i < doc.length; i += size) { e.feed(doc.slice(i, i + size)); }
  e.finish();
  console.log(size, JSON.stringify(b.tops), e.repairs.map(r=>r.kind).join(','));
}
