"""A seat page as HTML: whose move it is, the controller (the engine's offers as buttons and the
free-text line), the table as a picture, and the hand kept in this browser with its coach.

Its script only carries what the server drew: it sends the words tapped so far and the hand kept
in local storage (``view``), puts the answer in place, sends a tapped line or the typed one
(``play``) with the revision the page shows, and follows the game's events. No rule of any game
is in it; the offers are the engine's (``offers``)."""

from __future__ import annotations

from companion.rules.common import Lang
from companion.serve.escape import esc
from companion.serve.pages import _json_in_html, page
from companion.serve.streams import FOLLOW_SCRIPT
from companion.serve.style import TABLE_STYLE
from companion.serve.table_words import say
from companion.store import LiveGame

SEAT_SCRIPT = (
    FOLLOW_SCRIPT
    + """
const C=JSON.parse(document.getElementById("seat-config").textContent);
const main=document.querySelector("main"),offers=document.getElementById("offers"),said=document.getElementById("said");
const coachOut=document.getElementById("coach"),hand=document.getElementById("hand");
const turn=document.getElementById("turn");
const form=document.querySelector("form[data-play]"),line=form.querySelector("input[name=line]");
let prefix="",trail=[],busy=false,asking=false,again=false,filled="";
function load(){try{return JSON.parse(localStorage.getItem(C.key))||{typed:"",since:+main.dataset.position};}
 catch(e){return {typed:"",since:+main.dataset.position};}}
let saved=load();hand.value=saved.typed;
function save(){try{localStorage.setItem(C.key,JSON.stringify(saved));}catch(e){}}
async function post(url,body){const r=await fetch(url,{method:"POST",headers:{"Content-Type":"application/json"},
 body:JSON.stringify(body)});const t=await r.text();
 return [r.ok,(r.headers.get("Content-Type")||"").includes("json")?JSON.parse(t):t.trim()];}
async function view(){
 if(asking){again=true;return;}
 asking=true;
 try{
  const sent=saved.typed,asked=prefix;
  const [ok,a]=await post(C.view,{prefix,hand:sent,since:saved.since,lang:C.lang});
  if(prefix!==asked){again=true;return;}  // tapped meanwhile: the view of the new words follows
  if(!ok){said.className="refused";said.textContent=a;return;}
  offers.innerHTML=a.controller;coachOut.innerHTML=a.coach;turn.innerHTML=a.turn;
  main.dataset.position=a.position;main.dataset.revision=a.revision;prefix=a.prefix;
  if(line.value===filled){filled=prefix?prefix+" ":"";line.value=filled;}
  if(a.dropped.length&&saved.typed===sent){saved={typed:a.hand.join(" "),since:a.position};save();
   if(hand.value===sent)hand.value=saved.typed;}
  else if(saved.since!==a.position){saved.since=a.position;save();}
  main.dataset.ready=a.position+":"+a.prefix;
 }catch(e){}finally{asking=false;if(again){again=false;view();}}
}
async function act(url,body){
 if(busy)return;busy=true;main.classList.add("busy");
 try{
  const [ok,a]=await post(url,Object.assign({revision:+main.dataset.revision,lang:C.lang},body));
  said.className=ok?"said":"refused";said.textContent=ok?a.said:a;
  if(ok){prefix="";trail=[];line.value="";filled="";}
 }catch(e){}finally{busy=false;main.classList.remove("busy");view();}
}
document.addEventListener("click",e=>{const b=e.target.closest("button");if(!b||b.type==="submit")return;
 if("line" in b.dataset)act(C.play,{line:b.dataset.line});
 else if("prefix" in b.dataset){trail.push(prefix);prefix=b.dataset.prefix;view();}
 else if("back" in b.dataset){prefix=trail.pop()||"";view();}
 else if("undo" in b.dataset)act(C.undo,{});});
form.addEventListener("submit",e=>{e.preventDefault();const t=line.value.trim();if(t)act(C.play,{line:t});});
let timer=null;
hand.addEventListener("input",()=>{saved={typed:hand.value,since:+main.dataset.position};save();
 clearTimeout(timer);timer=setTimeout(view,150);});
follow(C.events,{board:e=>{document.getElementById("board").innerHTML=e.data;
 const b=document.querySelector("#board [data-position]");
 if(b&&b.dataset.position!==main.dataset.position){prefix="";trail=[];view();}}},C.reconnecting);
view();
"""
)


def seat_page(name: str, lang: Lang, live: LiveGame, board: str, config: dict[str, str], other_lang_url: str) -> str:
    """The page of ``name``'s seat: the controller is filled in by the script's first ``view``."""
    title = f"{say('seat.title', lang, name=name)} — #{live.id} {live.engine.TITLE.text(lang)}"
    body = (
        f'<p id="turn" class="turnline">{esc(live.state.waiting_for().text(lang))}</p>'
        '<p id="said" aria-live="polite"></p><p id="link" class="sub" aria-live="polite"></p>'
        '<section id="controller"><div id="offers"></div>'
        f'<form data-play=""><label for="line">{esc(say("seat.line", lang))}</label>'
        '<input id="line" name="line" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="300">'
        f'<button type="submit" class="play">{esc(say("seat.play", lang))}</button></form></section>'
        f'<section id="table"><h2>{esc(say("seat.board", lang))}</h2><div id="board">{board}</div></section>'
        f'<section id="yours"><h2><label for="hand">{esc(say("seat.hand", lang))}</label></h2>'
        '<input id="hand" autocomplete="off" autocapitalize="characters" spellcheck="false">'
        '<div id="coach" class="coach" aria-live="polite"></div>'
        f'<p class="private">{esc(say("seat.private", lang, name=name))}</p></section>'
        f'<script type="application/json" id="seat-config">{_json_in_html(config)}</script>'
        f"<script>{SEAT_SCRIPT}</script>"
    )
    main = f'data-position="{live.position}" data-revision="{live.revision}" data-game="{live.id}"'
    return page(title, lang, body, other_lang_url, head=f"<style>{TABLE_STYLE}</style>", main=main)
