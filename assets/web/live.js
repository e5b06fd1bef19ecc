// The game page's live part (its data in #page-data: the stream, the
// counter shown, the story's length, whether it is the overlay): follows
// the game's server-sent events (the board, whose turn, the series, the
// new lines of the story), and reloads for the end (to show the seed and
// the replay) or when told to refresh. Times are shown in the reader's
// own zone and language (the page says them in UTC without scripts).
(function(){var T=JSON.parse(document.getElementById('page-data').textContent);
function times(){var lang=document.documentElement.lang||undefined;
Array.prototype.forEach.call(document.querySelectorAll('time[datetime]'),function(t){
var d=new Date(t.getAttribute('datetime'));if(isNaN(d.getTime()))return;
try{t.textContent=d.toLocaleString(lang,{dateStyle:'medium',timeStyle:'short'});}catch(e){t.textContent=d.toLocaleString();}
t.setAttribute('data-local','1');});}
times();
if(!window.EventSource)return;
var es=new EventSource(T.events+'?since='+T.seq);
function set(id,html){var e=document.getElementById(id);if(e&&html!==undefined)e.innerHTML=html;}
es.addEventListener('change',function(ev){var u;try{u=JSON.parse(ev.data);}catch(e){return;}
if(u.over&&!T.overlay){es.close();location.reload();return;}
var img=document.getElementById('board-img');if(img&&u.board){img.src=u.board;img.alt=u.alt||img.alt;}
if(T.overlay)return;
set('status',u.status);set('players',u.players);set('series',u.series);times();
var ol=document.getElementById('story');if(ol&&u.lines){if(ol.children.length<u.from){es.close();location.reload();return;}while(ol.children.length>u.from)ol.removeChild(ol.lastChild);
for(var i=0;i<u.lines.length;i++)ol.insertAdjacentHTML('beforeend',u.lines[i]);}
T.seq=u.seq;document.body.setAttribute('data-seq',u.seq);});
es.addEventListener('refresh',function(){es.close();location.reload();});
})();
