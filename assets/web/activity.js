// The Activity's page script. body[data-state]: connecting, playing (the
// game shown), error; body[data-seq] the counter shown; body[data-to-act]
// whether she has a move to make; body[data-marks] how many marks are laid
// over the board (#marks .mark: .piece a piece that can move, with
// data-piece, .end where the selected one can end, with data-values its
// options; data-x, data-y their centres as fractions of the picture's
// width and height).
(function(){'use strict';
var base=/^\/activity(\/|$)/.test(location.pathname)?'/activity/':'/';
var B=document.body,S={token:null,instance:null,seq:null,key:null,es:null,busy:false,words:{},g:null,sel:null};
function $(id){return document.getElementById(id);}
function state(s){B.setAttribute('data-state',s);}
function say(t){$('error').textContent=t||'';}
function fail(t){say(t);state('error');}
function api(path,body){var h={'Authorization':'Bearer '+S.token};if(body)h['Content-Type']='application/json';
return fetch(base+'api/'+path,{method:body?'POST':'GET',headers:h,body:body?JSON.stringify(body):undefined})
.then(function(r){return r.json().catch(function(){return {};}).then(function(j){return {status:r.status,body:j};});});}
function times(){Array.prototype.forEach.call(document.querySelectorAll('time[datetime]'),function(t){
var d=new Date(t.getAttribute('datetime'));if(isNaN(d.getTime()))return;
try{t.textContent=d.toLocaleString(document.documentElement.lang||undefined,{dateStyle:'medium',timeStyle:'short'});}catch(e){t.textContent=d.toLocaleString();}});}
function url(p){return p.charAt(0)==='/'?base+p.slice(1):p;}
function shown(p){if(!p)return;var img=$('board-img');if(p.board){img.src=S.bkey?base+'g/'+S.bkey+'/board.png?v='+p.seq:url(p.board);img.alt=p.alt||'';img.hidden=false;}
if(p.status!==undefined){$('status').innerHTML=p.status;times();}if(p.series!==undefined)$('series').textContent=p.series;
var ol=$('story');if(p.lines){while(ol.children.length>p.from)ol.removeChild(ol.lastChild);
for(var i=0;i<p.lines.length;i++)ol.insertAdjacentHTML('beforeend',p.lines[i]);}}
function choices(g){var box=$('choices');box.textContent='';var w=g.words;S.words=w;S.g=g;
$('turn').hidden=!g.to_act;B.setAttribute('data-to-act',g.to_act?'1':'0');
$('confirm').textContent=w.confirm;$('undo').textContent=w.undo;
$('confirm').disabled=!g.confirm||S.busy;$('undo').disabled=!g.undo||S.busy;
(g.menu||[]).forEach(function(o){var b=document.createElement('button');b.type='button';b.className='choice';
b.setAttribute('data-value',o.value);b.setAttribute('aria-pressed',o.value===g.picked?'true':'false');
b.appendChild(document.createTextNode(o.label));
if(o.description){var s=document.createElement('small');s.textContent=o.description;b.appendChild(s);}
b.disabled=S.busy;b.addEventListener('click',function(){act(o.value);});box.appendChild(b);});
marks();}
function key(x,y){return x.toFixed(4)+','+y.toFixed(4);}
function pieces(){var m=S.g&&S.g.marks,out={};if(!m)return out;
Object.keys(m.moves).forEach(function(v){m.moves[v].forEach(function(p){var k=key(p[0],p[1]);
var f=out[k]||(out[k]={x:p[0],y:p[1],ends:{}});var e=key(p[2],p[3]);
var to=f.ends[e]||(f.ends[e]={x:p[2],y:p[3],values:[]});if(to.values.indexOf(v)<0)to.values.push(v);});});return out;}
function mark(kind,x,y,tap){var b=document.createElement('button');b.type='button';b.tabIndex=-1;
b.className='mark '+kind+(y>=S.g.marks.strip?' strip':'');
b.style.left=(x*100)+'%';b.style.top=(y*100)+'%';b.setAttribute('data-x',x);b.setAttribute('data-y',y);
b.disabled=S.busy;b.addEventListener('click',function(e){e.stopPropagation();tap(b);});$('marks').appendChild(b);return b;}
function line(p,picked){var m=S.g.marks,svg=$('lines'),ns='http://www.w3.org/2000/svg',k=1000*m.aspect;
var l=document.createElementNS(ns,'line');l.setAttribute('x1',p[0]*1000);l.setAttribute('y1',p[1]*k);
l.setAttribute('x2',p[2]*1000);l.setAttribute('y2',p[3]*k);l.setAttribute('stroke',picked?'#fee75c':'#57f287');
l.setAttribute('stroke-width',Math.max(4,m.square*120));l.setAttribute('stroke-linecap','round');
l.setAttribute('stroke-dasharray',picked?'':(m.square*250)+' '+(m.square*180));l.setAttribute('opacity','0.9');svg.appendChild(l);
if(picked){var c=document.createElementNS(ns,'circle');c.setAttribute('cx',p[2]*1000);c.setAttribute('cy',p[3]*k);
c.setAttribute('r',m.square*300);c.setAttribute('fill','none');c.setAttribute('stroke','#fee75c');
c.setAttribute('stroke-width',Math.max(4,m.square*80));svg.appendChild(c);}}
function marks(){var g=S.g,box=$('marks'),svg=$('lines');box.textContent='';svg.textContent='';
Array.prototype.forEach.call(document.querySelectorAll('#choices .choice'),function(b){b.classList.remove('cand');});
var m=g&&g.to_act&&g.marks;B.setAttribute('data-marks','0');
if(!m){$('prompt').textContent=g&&g.to_act?(g.undo?S.words.picked:S.words.your_turn):'';return;}
svg.setAttribute('viewBox','0 0 1000 '+(1000*m.aspect));box.style.setProperty('--sq',m.square);box.style.setProperty('--disc',m.disc);
if(g.picked){(m.moves[g.picked]||[]).forEach(function(p){line(p,true);});$('prompt').textContent=S.words.picked;return;}
var all=pieces(),n=0;if(S.sel&&!all[S.sel])S.sel=null;
if(!S.sel){Object.keys(all).forEach(function(k){var f=all[k];n++;
mark('piece',f.x,f.y,function(){S.sel=k;say('');marks();}).setAttribute('data-piece',k);});
$('prompt').textContent=n?S.words.touch_piece:(g.undo?S.words.picked:S.words.your_turn);}
else{var f=all[S.sel];mark('piece sel',f.x,f.y,function(){S.sel=null;marks();}).setAttribute('data-piece',S.sel);n++;
Object.keys(f.ends).forEach(function(e){var to=f.ends[e];n++;line([f.x,f.y,to.x,to.y],false);
mark('end',to.x,to.y,function(){if(to.values.length===1){act(to.values[0]);return;}
Array.prototype.forEach.call(document.querySelectorAll('#choices .choice'),function(b){
b.classList.toggle('cand',to.values.indexOf(b.getAttribute('data-value'))>=0);});
say(S.words.same_squares);var c=document.querySelector('#choices .cand');if(c)c.scrollIntoView({block:'nearest'});})
.setAttribute('data-values',to.values.join(' '));});
$('prompt').textContent=S.words.touch_end;}
B.setAttribute('data-marks',String(n));}
$('board-img').addEventListener('click',function(){if(S.sel){S.sel=null;marks();}});
function load(){var q='game?instance_id='+encodeURIComponent(S.instance)+(S.key?'&key='+encodeURIComponent(S.key):'');
return api(q).then(function(r){
if(r.status!==200){fail(r.body.message||('HTTP '+r.status));return;}
var g=r.body;if(g.seq!==S.seq)S.sel=null;S.key=g.key;S.seq=g.seq;S.bkey=g.board_key;document.documentElement.lang=g.lang||'en';
var p=g.page;if(p){p.from=0;}$('story').textContent='';shown(p);choices(g);
B.setAttribute('data-seq',g.seq);state('playing');follow(g);});}
function follow(g){if(S.es||!window.EventSource||g.page&&g.page.over)return;
S.es=new EventSource(url(g.events)+'?since='+g.seq);
S.es.addEventListener('change',function(ev){var u;try{u=JSON.parse(ev.data);}catch(e){return;}
shown(u);if(u.seq!==S.seq){S.seq=u.seq;load();}});
S.es.addEventListener('refresh',function(){load();});}
function act(what){if(S.busy)return;S.busy=true;say('');
Array.prototype.forEach.call(document.querySelectorAll('#turn button,#marks button'),function(b){b.disabled=true;});
api('move',{instance_id:S.instance,seq:S.seq,act:what}).then(function(r){S.busy=false;
if(r.status!==200)say(r.body.message||('HTTP '+r.status));$('note').textContent=r.body.note||'';return load();})
.catch(function(e){S.busy=false;say(String(e));});}
$('confirm').addEventListener('click',function(){act('confirm');});
$('undo').addEventListener('click',function(){act('undo');});
function start(){var client=B.getAttribute('data-client-id');
if(!window.DiscordEmbedded){fail('The Embedded App SDK did not load.');return;}
var sdk;try{sdk=new DiscordEmbedded.DiscordSDK(client,{disableConsoleLogOverride:true});}
catch(e){fail(String(e&&e.message||e));return;}
S.instance=sdk.instanceId;
sdk.ready().then(function(){return sdk.commands.authorize({client_id:client,response_type:'code',state:'',prompt:'none',scope:['identify']});})
.then(function(a){return fetch(base+'api/token',{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({code:a.code})});})
.then(function(r){return r.json().then(function(j){if(!r.ok)throw new Error(j.message||('HTTP '+r.status));return j;});})
.then(function(j){S.token=j.access_token;return sdk.commands.authenticate({access_token:S.token});})
.then(load).catch(function(e){fail(String(e&&e.message||e));});}
start();})();
