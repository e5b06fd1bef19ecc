//! The Activity's page (`activity = true`): what Discord loads in its
//! frame when a player opens the game inside Discord. `GET /activity/`
//! (the address Discord's URL mapping points at) is a small page; its
//! script (`activity.js`) greets Discord through the Embedded App SDK
//! (`sdk.js`, the vendored bundle of `@discord/embedded-app-sdk`:
//! `assets/activity/`, rebuilt by `scripts/vendor-activity-sdk.sh`), asks
//! for an authorisation code, has it exchanged here ([`super::api`]),
//! authenticates, then shows the channel's game — the game page's board,
//! whose turn and the story, followed live through the game's stream —
//! and, to the player on turn, the end positions of her move (the board's
//! menu), then Confirm and Undo. Every address is relative, so the same
//! page works at `/activity/` and behind Discord's proxy, where it is the
//! root. Phone widths and the safe-area insets of phones are respected.

use super::auth::Discord;
use crate::discord::view::lang::{Lang, tr};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::Arc;

/// The vendored Embedded App SDK (its version in `assets/activity/VERSION`).
const SDK: &str = include_str!("../../../assets/activity/embedded-app-sdk.js");

/// The page's routes, when the Activity is on (`discord`).
pub(crate) fn routes(discord: Option<Arc<Discord>>) -> Router {
    let Some(discord) = discord else { return Router::new() };
    Router::new()
        .route("/activity", get(page))
        .route("/activity/", get(page))
        .route("/activity/sdk.js", get(|| async { script(SDK) }))
        .route("/activity/activity.js", get(|| async { script(SCRIPT) }))
        .with_state(discord)
}

fn script(body: &'static str) -> Response {
    let mut r = body.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

async fn page(State(discord): State<Arc<Discord>>) -> Response {
    // Known once the bot is connected; the page asks again after a moment.
    let client = discord.application_id().map(|a| a.to_string()).unwrap_or_default();
    // Discord frames the page: no frame-ancestors limit, no X-Frame-Options.
    super::headers::html_with(
        StatusCode::OK,
        shell(&client),
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'",
    )
}

const STYLE: &str = "*{box-sizing:border-box}\
html{-webkit-text-size-adjust:100%;background:#1e1f22}\
body{margin:0;min-height:100vh;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Tamil',sans-serif;\
color:#f2f3f5;background:#1e1f22;overflow-wrap:anywhere;\
padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}\
main{max-width:40rem;margin:0 auto;padding:0.5rem}\
p{margin:0.35rem 0}#board{margin:0.25rem 0}#board img{width:100%;height:auto;display:block;border-radius:6px;background:#2b2d31}\
#status strong{color:#fff}#series{color:#c4c9ce;font-size:0.95rem}\
#turn{margin:0.5rem 0;padding:0.5rem;border-radius:8px;background:#2b2d31}\
#turn[hidden]{display:none}#prompt{font-weight:600}\
#choices{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:0.4rem;margin:0.4rem 0}\
button{font:inherit;color:inherit;border:0;border-radius:6px;min-height:44px;padding:0.4rem 0.6rem;cursor:pointer;touch-action:manipulation}\
button:disabled{opacity:0.45;cursor:default}\
button:focus-visible{outline:3px solid #00a8fc;outline-offset:2px}\
.choice{background:#404249;text-align:left}.choice small{display:block;color:#c4c9ce;font-size:0.8rem}\
.choice[aria-pressed=true]{background:#5865f2}\
.actions{display:flex;gap:0.5rem}.actions button{flex:1}\
#confirm{background:#248046}#undo{background:#4e5058}\
#error{color:#ffb3b3;min-height:1.2em}\
ol{padding-left:1.6rem;margin:0.5rem 0;font-size:0.92rem;color:#dbdee1}li{margin:0.1rem 0}";

/// The page: filled by its script once Discord said who is playing.
fn shell(client_id: &str) -> String {
    let client: String = client_id.chars().filter(char::is_ascii_digit).collect();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1,viewport-fit=cover\">\
         <meta name=\"referrer\" content=\"no-referrer\"><title>Thaayam</title><style>{STYLE}</style></head>\
         <body data-client-id=\"{client}\" data-state=\"connecting\"><main>\
         <p id=\"status\" aria-live=\"polite\">{connecting}</p>\
         <figure id=\"board\"><img id=\"board-img\" alt=\"\" width=\"800\" height=\"800\" hidden></figure>\
         <p id=\"series\"></p>\
         <section id=\"turn\" hidden><p id=\"prompt\"></p><div id=\"choices\"></div>\
         <div class=\"actions\"><button id=\"confirm\" type=\"button\" disabled></button>\
         <button id=\"undo\" type=\"button\" disabled></button></div></section>\
         <p id=\"error\" role=\"alert\"></p>\
         <ol id=\"story\"></ol></main>\
         <script src=\"sdk.js\"></script><script src=\"activity.js\"></script></body></html>",
        connecting = super::page::esc(&tr!(Lang::EN, "activity-connecting")),
    )
}

/// The page's script. `body[data-state]`: `connecting`, `playing` (the
/// game shown), `error`; `body[data-seq]` the counter shown;
/// `body[data-to-act]` whether she has a move to make.
const SCRIPT: &str = r#"(function(){'use strict';
var base=/^\/activity(\/|$)/.test(location.pathname)?'/activity/':'/';
var B=document.body,S={token:null,instance:null,seq:null,key:null,es:null,busy:false,words:{}};
function $(id){return document.getElementById(id);}
function state(s){B.setAttribute('data-state',s);}
function say(t){$('error').textContent=t||'';}
function fail(t){say(t);state('error');}
function api(path,body){var h={'Authorization':'Bearer '+S.token};if(body)h['Content-Type']='application/json';
return fetch(base+'api/'+path,{method:body?'POST':'GET',headers:h,body:body?JSON.stringify(body):undefined})
.then(function(r){return r.json().catch(function(){return {};}).then(function(j){return {status:r.status,body:j};});});}
function url(p){return p.charAt(0)==='/'?base+p.slice(1):p;}
function shown(p){if(!p)return;var img=$('board-img');if(p.board){img.src=url(p.board);img.alt=p.alt||'';img.hidden=false;}
if(p.status!==undefined)$('status').innerHTML=p.status;if(p.series!==undefined)$('series').textContent=p.series;
var ol=$('story');if(p.lines){while(ol.children.length>p.from)ol.removeChild(ol.lastChild);
for(var i=0;i<p.lines.length;i++)ol.insertAdjacentHTML('beforeend',p.lines[i]);}}
function choices(g){var box=$('choices');box.textContent='';var w=g.words;S.words=w;
$('turn').hidden=!g.to_act;B.setAttribute('data-to-act',g.to_act?'1':'0');
$('prompt').textContent=g.to_act?(g.undo?w.picked:w.your_turn):'';
$('confirm').textContent=w.confirm;$('undo').textContent=w.undo;
$('confirm').disabled=!g.confirm||S.busy;$('undo').disabled=!g.undo||S.busy;
(g.menu||[]).forEach(function(o){var b=document.createElement('button');b.type='button';b.className='choice';
b.setAttribute('data-value',o.value);b.appendChild(document.createTextNode(o.label));
if(o.description){var s=document.createElement('small');s.textContent=o.description;b.appendChild(s);}
b.disabled=S.busy;b.addEventListener('click',function(){act(o.value);});box.appendChild(b);});}
function load(){var q='game?instance_id='+encodeURIComponent(S.instance)+(S.key?'&key='+encodeURIComponent(S.key):'');
return api(q).then(function(r){
if(r.status!==200){fail(r.body.message||('HTTP '+r.status));return;}
var g=r.body;S.key=g.key;S.seq=g.seq;document.documentElement.lang=g.lang||'en';
var p=g.page;if(p){p.from=0;}$('story').textContent='';shown(p);choices(g);
B.setAttribute('data-seq',g.seq);state('playing');follow(g);});}
function follow(g){if(S.es||!window.EventSource||g.page&&g.page.over)return;
S.es=new EventSource(url(g.events)+'?since='+g.seq);
S.es.addEventListener('change',function(ev){var u;try{u=JSON.parse(ev.data);}catch(e){return;}
shown(u);if(u.seq!==S.seq){S.seq=u.seq;load();}});
S.es.addEventListener('refresh',function(){load();});}
function act(what){if(S.busy)return;S.busy=true;say('');
Array.prototype.forEach.call(document.querySelectorAll('#turn button'),function(b){b.disabled=true;});
api('move',{instance_id:S.instance,seq:S.seq,act:what}).then(function(r){S.busy=false;
if(r.status!==200)say(r.body.message||('HTTP '+r.status));return load();})
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
start();})();"#;
