"""The served pages as HTML: the scorer's index, a game's scoreboard and a player's coach.

Pages are drawn on the server; their few lines of JavaScript only put the server's HTML in place
(the scoreboard) or keep the typed hand in the browser's local storage and send it (the coach).
No rule of any game is in them.
"""

from __future__ import annotations

import json

from companion.rules.common import Lang
from companion.serve.board import esc
from companion.serve.streams import FOLLOW_SCRIPT, FOLLOW_STYLE, follow_call
from companion.serve.style import TABLE_STYLE
from companion.serve.words import say

STYLE = """
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI","Hiragino Sans","Noto Sans CJK JP",IPAexGothic,
 sans-serif;background:#fbfaf7;color:#1d1d1b}
header{display:flex;gap:.8em;align-items:center;justify-content:space-between;padding:.5em .8em;
 background:#1f3a4d;color:#fff;font-size:.9em}
header a{color:#fff}
main{padding:.6em .8em;max-width:60em;margin:0 auto;overflow-wrap:anywhere}
h1{font-size:1.2em;margin:.2em 0}
h2{font-size:1.05em;margin:1em 0 .3em}
h3{font-size:1em;margin:.8em 0 .2em}
.now{font-weight:700;font-size:1.1em;background:#fff3c4;padding:.3em .5em;border-radius:.3em}
.moves{color:#555;margin:0}
ul,ol{padding-left:1.2em;margin:.3em 0}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border-bottom:1px solid #ccc;padding:.3em .4em;text-align:left;vertical-align:top}
td{font-variant-numeric:tabular-nums}
.players td{text-align:right}
.legal .verdict{color:#11632b;font-weight:700}
.illegal .verdict{color:#a3161a;font-weight:700}
.illegal{color:#555}
.sub,.places,.why{color:#444;font-size:.9em}
.count{font-weight:700}
input{font-size:1.1em;width:100%;padding:.4em;margin:.3em 0}
button{font-size:1em;padding:.4em .8em}
.private{background:#e7f1f7;padding:.4em .6em;border-radius:.3em;font-size:.9em}
.qr{width:10em;height:10em}
.game{border-top:1px solid #ccc;padding:.5em 0}
@media (min-width:900px){.cols{display:grid;grid-template-columns:1fr 1fr;column-gap:2em;align-items:start}}
"""
STYLE += FOLLOW_STYLE


def page(
    title: str, lang: Lang, body: str, other_lang_url: str | None = None, head: str = "", main: str = "", kind: str = ""
) -> str:
    """A whole page: ``main`` the attributes of its ``main`` element, ``kind`` its body's classes."""
    switch = (
        f'<a href="{esc(other_lang_url)}" hreflang="{"en" if lang == "ja" else "ja"}">'
        f"{esc(say('board.lang', lang))}</a>"
        if other_lang_url
        else ""
    )
    classes = f' class="{esc(kind)}"' if kind else ""
    attributes = f" {main}" if main else ""
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="referrer" content="no-referrer"><title>{esc(title)}</title><style>{STYLE}</style>{head}'
        f"</head><body{classes}><header><span>{esc(title)}</span>{switch}</header>"
        f"<main{attributes}>{body}</main></body></html>"
    )


def board_page(
    title: str, lang: Lang, fragment: str, events_url: str, other_lang_url: str, head: str = "", kind: str = ""
) -> str:
    handlers = '{board:e=>{document.getElementById("board").innerHTML=e.data;}}'
    script = f"<script>{follow_call(events_url, handlers, say('board.reconnecting', lang))}</script>"
    body = (
        f'<p class="sub">{esc(say("board.live", lang))}'
        f"<noscript> {esc(say('board.noscript', lang))}</noscript></p>"
        f'<div id="board">{fragment}</div>{script}'
    )
    refresh = '<noscript><meta http-equiv="refresh" content="2"></noscript>'
    return page(title, lang, body, other_lang_url, head=refresh + head, kind=kind)


COACH_SCRIPT = """
const C=JSON.parse(document.getElementById("coach-config").textContent);
const input=document.getElementById("hand"),out=document.getElementById("answer");
let position=C.position,asking=null,again=false;
function load(){try{return JSON.parse(localStorage.getItem(C.key))||{typed:"",since:position};}
 catch(e){return {typed:"",since:position};}}
let saved=load();input.value=saved.typed;
function save(){localStorage.setItem(C.key,JSON.stringify(saved));}
async function ask(){
 if(asking){again=true;return;}
 asking=true;
 try{
  const sent=saved.typed;
  const r=await fetch(C.answer,{method:"POST",headers:{"Content-Type":"application/json"},
   body:JSON.stringify({hand:sent,since:saved.since,lang:C.lang})});
  if(!r.ok){out.textContent=await r.text();return;}
  const a=await r.json();
  out.innerHTML=a.html;position=a.position;
  if(a.dropped.length&&saved.typed===sent){saved={typed:a.hand.join(" "),since:a.position};save();
   if(input.value===sent)input.value=saved.typed;}
  else if(saved.since!==a.position){saved.since=a.position;save();}
 }catch(e){}finally{asking=false;if(again){again=false;ask();}}
}
let timer=null;
input.addEventListener("input",()=>{saved={typed:input.value,since:position};save();
 clearTimeout(timer);timer=setTimeout(ask,150);});
document.getElementById("forget").addEventListener("click",()=>{localStorage.removeItem(C.key);
 input.value="";saved={typed:"",since:position};ask();});
follow(C.events,{position:e=>{const p=+e.data;if(p!==position){position=p;ask();}}},C.reconnecting);
ask();
"""


def coach_page(
    title: str, lang: Lang, name: str, config: dict[str, object], other_lang_url: str, board_url: str
) -> str:
    body = (
        f"<h1>{esc(say('coach.for', lang, name=name))}</h1>"
        f'<p class="private">{esc(say("coach.private", lang))}</p>'
        f'<label for="hand">{esc(say("coach.hand", lang))}</label>'
        '<input id="hand" autocomplete="off" autocapitalize="characters" spellcheck="false">'
        f'<button id="forget" type="button">{esc(say("coach.clear", lang))}</button>'
        '<div id="answer" aria-live="polite"></div>'
        f'<p><a href="{esc(board_url)}">{esc(say("board.title", lang))}</a></p>'
        f'<script type="application/json" id="coach-config">'
        f"{_json_in_html({**config, 'reconnecting': say('board.reconnecting', lang)})}</script>"
        f"<script>{FOLLOW_SCRIPT}{COACH_SCRIPT}</script>"
    )
    return page(title, lang, body, other_lang_url, head=f"<style>{TABLE_STYLE}</style>")  # the hand as tiles


def _json_in_html(value: object) -> str:
    """JSON that cannot end the script element it is in."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def qr_svg(data: str) -> str:
    """A QR code as an SVG image (the modules of the app's terminal codes, drawn as squares)."""
    from companion.app.widgets.qr import qr_matrix

    matrix = qr_matrix(data)
    size = len(matrix)
    path = "".join(f"M{x} {y}h1v1h-1z" for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark)
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges" role="img" aria-label="QR"><rect width="{size}" height="{size}" '
        f'fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
