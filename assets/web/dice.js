// The dice check in the browser (docs/FAIR-DICE.md, `sha256-v2`): the
// seed's SHA-256 beside the commitment, then every throw recomputed with
// Web Crypto beside the one played; any difference is shown.
(function(){var D=JSON.parse(document.getElementById('dice-data').textContent);var W=D.words;
function hex(b){return Array.prototype.map.call(new Uint8Array(b),function(x){return('0'+x.toString(16)).slice(-2);}).join('');}
function bytes(h){if(!/^[0-9a-fA-F]{64}$/.test(h))return null;var o=new Uint8Array(32);for(var i=0;i<32;i++)o[i]=parseInt(h.substr(2*i,2),16);return o;}
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return{'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
async function one(seed,k){var N=D.table.length,L=Math.floor(4294967296/N)*N;
for(var j=0;;j++){var m=new Uint8Array(44);m.set(seed,0);var v=new DataView(m.buffer);
v.setUint32(32,Math.floor(k/4294967296));v.setUint32(36,k>>>0);v.setUint32(40,j);
var d=new DataView(await crypto.subtle.digest('SHA-256',m));var x=d.getUint32(0);if(x<L)return D.table[x%N];}}
async function check(){var out=document.getElementById('verdict'),list=document.getElementById('throws');
var seed=bytes(document.getElementById('seed').value.trim());
if(!seed||!window.crypto||!crypto.subtle){out.innerHTML='<p class="bad">'+esc(W.seedBad)+'</p>';return;}
var h=hex(await crypto.subtle.digest('SHA-256',seed));var seedOk=h===D.commitment;
var html='<p class="'+(seedOk?'ok':'bad')+'" id="seed-verdict">'+(seedOk?'✓ ':'✗ ')+esc(seedOk?W.seedOk:W.seedBad)+'</p>'+
'<p>'+esc(W.hash)+' <code id="seed-hash">'+h+'</code></p>';
if(D.derivation!=='sha256-v2'){out.innerHTML=html+out.innerHTML;return;}
var rows=[],bad=0;for(var k=0;k<D.throws.length;k++){var t=await one(seed,k);var ok=t===D.throws[k];if(!ok)bad++;
rows.push('<tr'+(ok?'':' class="bad"')+'><td>'+(k+1)+'</td><td>'+esc(D.throws[k])+'</td><td>'+esc(t)+'</td><td>'+(ok?'✓':'✗')+'</td></tr>');}
html+='<p class="'+(bad?'bad':'ok')+'" id="throws-verdict" data-bad="'+bad+'">'+(bad?'✗ '+esc(W.throwsBad.replace('{n}',bad)):'✓ '+esc(W.throwsOk))+'</p>';
out.innerHTML=html;
list.innerHTML='<table><thead><tr><th>#</th><th>'+esc(W.played)+'</th><th>'+esc(W.derived)+'</th><th></th></tr></thead><tbody>'+rows.join('')+'</tbody></table>';
document.body.setAttribute('data-checked','1');}
function run(){check().catch(function(e){document.getElementById('verdict').textContent=String(e);});}
document.getElementById('check-button').addEventListener('click',run);
document.getElementById('check').addEventListener('submit',function(e){e.preventDefault();run();});
run();})();
