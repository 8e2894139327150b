"""The look of the cards as tiles, the boards drawn as pictures and the seat pages' buttons (CSS),
added to the pages' own style (``pages.STYLE``). Sizes scale with the page's font: the scoreboard
grows it on a wide screen or a TV (``?tv=1``), so the same board fills a 360 px phone or a TV."""

from __future__ import annotations

TABLE_STYLE = """
button{font:inherit;color:inherit}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;min-width:2.7em;
 padding:.12em .3em;margin:.1em;border:2px solid var(--edge);border-radius:.35em;background:var(--ground);
 color:var(--ink);line-height:1.1;vertical-align:middle;white-space:nowrap;font-weight:700}
.card b{font-size:1.3em}
.card i{font-style:normal}
.card small{font-size:.875em;font-weight:600}
.card small.season{font-weight:400}
.card.special{border-style:double;border-width:3px}
.card.taken{opacity:.55;text-decoration:line-through}
.card.pick{outline:3px solid #1f3a4d;outline-offset:1px}
.card.down{background:repeating-linear-gradient(45deg,#ccc 0 4px,#eee 4px 8px);color:#333;border-color:#777}
.chip{display:inline-block;padding:.1em .45em;border:2px solid var(--edge);border-radius:1em;background:var(--ground);
 color:var(--ink);font-weight:700;white-space:nowrap}
.nb{white-space:nowrap}
.ja-text{word-break:keep-all;overflow-wrap:anywhere;line-break:strict}
.pic{margin:.4em 0}
.pic h3{margin:.5em 0 .2em}
.grids{display:flex;flex-wrap:wrap;gap:1em;justify-content:center}
.grid{display:grid;grid-template-columns:auto 3.3em 3.3em auto;grid-template-rows:auto auto 4.2em 4.2em auto;gap:.15em;
 align-items:center;justify-items:center}
.grid .spot{color:#555;font-size:.875em;font-weight:600;white-space:nowrap}
.grid .cell{width:3.3em;height:4.2em;display:flex;align-items:center;justify-content:center;border:1px dashed #bbb;
 border-radius:.35em}
.grid .cell .card{margin:0;min-width:3em;height:3.9em}
.grid .name{grid-column:1/5;font-weight:700}
.fortresses{display:flex;flex-direction:column;gap:.6em}
.fort{border-top:1px solid #ddd;padding-top:.3em}
.fort .who{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:baseline}
.fort .cols{display:flex;flex-wrap:wrap;gap:.25em;align-items:flex-end;margin:.2em 0 0 .4em}
.fort .col{display:flex;flex-direction:column-reverse;align-items:center}
.fort .col{gap:2px}
.card.mini{flex-direction:row;gap:.1em;min-width:2.6em;padding:.05em .25em;margin:0}
.card.mini b{font-size:1em}
.card.mini small{display:none}
.fort .col .n{font-size:.875em;color:#555}
.on .name,.who.on b{background:#fff3c4;border-radius:.3em;padding:0 .3em}
.fields{display:grid;gap:.5em}
.field{border:1px solid #ddd;border-radius:.4em;padding:.3em .5em}
.field .cards,.sets,.pile-top{display:flex;flex-wrap:wrap;gap:.3em;align-items:flex-end}
.played{display:inline-flex;flex-direction:column;align-items:center}
.played .by{font-size:.875em;color:#444;max-width:5.5em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.set{display:inline-flex;align-items:center;gap:.1em;border:1px solid #ddd;border-radius:.4em;padding:.15em .3em}
.set b{margin-right:.2em}
table.round{width:auto;border-collapse:collapse;font-variant-numeric:tabular-nums}
table.round th,table.round td{text-align:right;padding:.2em .3em;white-space:nowrap}
table.round th .mark{display:block;font-weight:400}
table.round th:first-child,table.round td:first-child{text-align:left}
table.round tr.on th{background:#fff3c4}
table.round td.total{font-weight:700}
table.round .mark{color:#555;font-size:.875em}
.scroll{overflow-x:auto;max-width:100%}
.beat{font-weight:700}
.turnline{font-size:1.15em;font-weight:700;background:#fff3c4;padding:.35em .55em;border-radius:.35em}
.ruling{font-size:1.05em}
.ruling .from{font-weight:700;color:#1f3a4d}
#said{min-height:1.4em;margin:.3em 0}
#link:empty{display:none}
#table .board>h1,#table .board .turnline,#coach>.now,#coach>.turn{display:none}
#said.refused{color:#a3161a;font-weight:700}
#said.said{color:#11632b}
.steps{display:flex;flex-wrap:wrap;gap:.45em;margin:.4em 0}
.step{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.2em;border:1px solid #d5d5d5;border-radius:.5em;
 padding:.2em;background:#fff;flex:1 1 9.5em;max-width:100%}
.step:has(>button.tile:only-child){flex:0 0 auto}
.step button{overflow-wrap:normal}
.gainnote{color:#444;font-size:.9em;margin:.2em 0}
.step .head{padding:0 .2em;font-weight:700;min-width:2.6em}
button.play,button.go,button.tile,button.back,button.undo{min-height:2.75em;min-width:2.75em;border-radius:.45em;
 border:1px solid #1f3a4d;background:#e7f1f7;cursor:pointer;padding:.25em .6em}
button.tile{background:none;border:none;padding:0}
button.play{background:#1f3a4d;color:#fff;font-weight:700;padding:.25em .45em}
button.play.tile{background:none;color:inherit}
button.play.big{font-size:1.15em;padding:.4em 1em}
button.play.mine{padding:.25em .5em}
button.play small.gain{font-size:.875em;font-weight:400;opacity:.9}
main.busy button{opacity:.6}
form[data-play]{display:flex;gap:.4em;flex-wrap:wrap;align-items:center;margin:.6em 0}
form[data-play] input{flex:1 1 12em;margin:0}
details{margin:.4em 0}
summary{cursor:pointer;min-height:2em;padding:.2em 0;color:#1f3a4d;font-weight:600}
.coach .legal{margin:.2em 0}
.hand{display:flex;flex-wrap:wrap;gap:.2em;margin:.3em 0;align-items:center}
.qrs{display:flex;flex-wrap:wrap;gap:.4em;margin:.5em 0}
.qrs input{position:absolute;opacity:0}
.qrs label{border:1px solid #1f3a4d;border-radius:.4em;padding:.3em .8em;cursor:pointer}
.qrs input:checked+label{background:#1f3a4d;color:#fff}
.seatcode{display:none;width:100%}
.seatcode img{width:min(80vw,22em);height:auto;image-rendering:pixelated}
@media (min-width:1100px){.board-cols{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);column-gap:1.5em;
 align-items:start}}
/* a wide screen by itself, and a TV (?tv=1): larger type, the board beside the rulings, each
   game's parts side by side so that the whole table is seen at once */
@media (min-width:1400px){body.wide{font-size:20px} body.wide main{max-width:96em}}
body.tv{font-size:clamp(16px,1.15vw,30px)}
body.tv main{max-width:none;padding:.3em 1em}
body.tv main>p.sub:first-child,body.tv .board>h1{display:none}
body.tv .moves{float:right}
body.tv .turnline{font-size:1.5em}
body.tv .ruling{font-size:1.25em;margin:.3em 0}
@media (min-width:1100px){
 body.tv .board-cols,body.wide .board-cols{grid-template-columns:minmax(0,4fr) minmax(0,1.4fr)}
 body.tv .pic.fortress,body.wide .pic.fortress{display:grid;grid-template-columns:auto minmax(0,1fr);column-gap:1.5em;
  align-items:start}
 body.tv .pic.fortress .grids,body.wide .pic.fortress .grids{flex-direction:column;gap:.3em}
 body.tv .pic.fortress .fortresses,body.wide .pic.fortress .fortresses{grid-column:2;grid-row:1/3;display:grid;
  grid-template-columns:repeat(auto-fill,minmax(17em,1fr));gap:.4em 1.2em}
 body.tv .pic.homalet .fields,body.wide .pic.homalet .fields{grid-template-columns:1fr 1fr}
 body.tv .pic.homalet .fortresses,body.wide .pic.homalet .fortresses{display:grid;
  grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:.4em 1.2em}
 body.tv .pile-top .card,body.wide .pile-top .card{font-size:1.4em}
 body.tv .pic.dragoness,body.wide .pic.dragoness{display:grid;grid-template-columns:auto minmax(0,1fr);column-gap:2em;
  align-items:start}
 body.tv .pic.dragoness .scroll,body.wide .pic.dragoness .scroll{grid-column:2;grid-row:1/3}
 body.tv table.round{font-size:1.3em}
 table.round th .mark{display:inline;margin-left:.6em}
}
"""
