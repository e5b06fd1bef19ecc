// The replay's keys: left and right arrows step back and on.
document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;
var t=e.target&&e.target.tagName;if(t==='INPUT'||t==='TEXTAREA')return;
var a=document.getElementById(e.key==='ArrowLeft'?'prev':e.key==='ArrowRight'?'next':'');
if(a){e.preventDefault();location.href=a.href;}});
